import { describe, expect, it } from "vitest";
import type { RoleName } from "@cultivate/shared";
import { HttpError } from "../lib/errors.ts";
import type { Actor } from "./actor.ts";
import { assertSameOrganization, authorize, can, organizationScope, requireActor } from "./policy.ts";

const actor = (roles: RoleName[], organizationId: string | null = "org-a"): Actor => ({
  userId: "u",
  email: "u@example.org",
  sessionId: "s",
  roles,
  organizationId,
  organizationName: null,
  onboardingStatus: "approved",
});
const statusOf = (fn: () => unknown) => {
  try {
    fn();
    return 200;
  } catch (err) {
    return (err as HttpError).statusCode;
  }
};

describe("policy", () => {
  it("401 without an actor", () => {
    expect(statusOf(() => requireActor(null))).toBe(401);
  });

  it("403 when the role does not allow it", () => {
    expect(statusOf(() => authorize(actor(["org_officer"]), can.administer))).toBe(403);
    expect(statusOf(() => authorize(actor(["admin"]), can.administer))).toBe(200);
    expect(statusOf(() => authorize(actor([]), can.viewDonors))).toBe(403);
    expect(statusOf(() => authorize(actor(["org_manager"]), can.manageUsers))).toBe(403);
    expect(statusOf(() => authorize(actor(["org_owner"]), can.manageUsers))).toBe(200);
  });

  it("scopes to the actor's own organisation; naming another is 404 unless admin", () => {
    expect(organizationScope(actor(["org_owner"]))).toBe("org-a");
    expect(organizationScope(actor(["org_owner"]), "org-a")).toBe("org-a");
    expect(statusOf(() => organizationScope(actor(["org_owner"]), "org-b"))).toBe(404);
    expect(organizationScope(actor(["admin"]), "org-b")).toBe("org-b");
    expect(statusOf(() => organizationScope(actor(["org_officer"], null)))).toBe(404);
  });

  it("records of another organisation are 404", () => {
    expect(statusOf(() => assertSameOrganization(actor(["org_owner"]), "org-b"))).toBe(404);
    expect(statusOf(() => assertSameOrganization(actor(["org_owner"]), "org-a"))).toBe(200);
    expect(statusOf(() => assertSameOrganization(actor(["admin"]), "org-b"))).toBe(200);
  });
});

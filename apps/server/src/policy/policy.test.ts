import { describe, expect, it } from "vitest";
import type { RoleName } from "@cultivate/shared";
import { HttpError } from "../lib/errors.ts";
import type { Actor } from "./actor.ts";
import {
  assertKeepsAnOwner,
  assertManagesUser,
  assertSameOrganization,
  authorize,
  can,
  organizationScope,
  requireActor,
} from "./policy.ts";

const actor = (
  roles: RoleName[],
  organizationId: string | null = "org-a",
  onboardingStatus: Actor["onboardingStatus"] = "approved",
): Actor => ({
  userId: "u",
  email: "u@example.org",
  sessionId: "s",
  roles,
  organizationId,
  organizationName: null,
  onboardingStatus,
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

  it("gives an account that is not approved no role and no organisation, whatever it holds (403 approval_required)", () => {
    for (const status of ["pending", "submitted"] as const) {
      const applicant = actor(["org_officer"], "org-a", status);
      const owner = actor(["org_owner"], "org-a", status);
      const admin = actor(["admin"], null, status);
      expect(can.viewDonors(applicant)).toBe(false);
      expect(can.manageUsers(owner)).toBe(false);
      expect(can.administer(admin)).toBe(false);
      for (const check of [
        () => authorize(applicant, can.viewDonors),
        () => organizationScope(applicant),
        () => organizationScope(applicant, "org-a"),
        () => assertSameOrganization(applicant, "org-a"),
        () => assertManagesUser(owner, { organizationId: "org-a" }),
        () => authorize(admin, can.administer),
      ]) {
        let error: HttpError | null = null;
        try {
          check();
        } catch (err) {
          error = err as HttpError;
        }
        expect(error?.statusCode).toBe(403);
        expect(error?.code).toBe("approval_required");
      }
    }
    // The submitter's own issue stays editable: that rule is not a role rule.
    expect(
      statusOf(() => authorize(actor([], "org-a", "submitted"), (a) => can.editIssue(a, { submittedByUserId: "u" }))),
    ).toBe(200);
  });

  it("keeps an owner from giving up the last owner role; admins are not held to it", () => {
    const owner = actor(["org_owner"]);
    const self = { id: "u", roles: ["org_owner"] };
    expect(statusOf(() => assertKeepsAnOwner(owner, self, { losesOwner: true, otherApprovedOwners: 0 }))).toBe(409);
    expect(statusOf(() => assertKeepsAnOwner(owner, self, { losesOwner: true, otherApprovedOwners: 1 }))).toBe(200);
    expect(
      statusOf(() =>
        assertKeepsAnOwner(owner, { id: "other", roles: ["org_owner"] }, { losesOwner: true, otherApprovedOwners: 0 }),
      ),
    ).toBe(200);
    expect(
      statusOf(() =>
        assertKeepsAnOwner(
          actor(["admin"]),
          { id: "x", roles: ["org_owner"] },
          { losesOwner: true, otherApprovedOwners: 0 },
        ),
      ),
    ).toBe(200);
  });
});

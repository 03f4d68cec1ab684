import { describe, expect, it } from "vitest";
import type { RoleName } from "./roles.ts";
import { permissionsOf } from "./policy/permissions.ts";
import { navigationFor, pageName } from "./navigation.ts";

const menuOf = (roles: RoleName[], onboardingStatus: "approved" | "submitted" = "approved") =>
  navigationFor(permissionsOf({ userId: "u", roles, organizationId: "org", onboardingStatus })).map((e) => e.label);

describe("the menu (issue 14: every page a role may use is in its menu)", () => {
  it("follows the shared policy for each role", () => {
    expect(menuOf(["admin"])).toEqual([
      "Dashboard",
      "Today",
      "Donors",
      "Donor Groups",
      "Imports",
      "Campaigns",
      "Support",
      "Admin Dashboard",
      "Users",
      "Organizations",
      "Stage Prompts",
      "Action History",
      "Email Outbox",
    ]);
    expect(menuOf(["org_owner"])).toEqual([
      "Dashboard",
      "Today",
      "Donors",
      "Donor Groups",
      "Imports",
      "Campaigns",
      "Support",
      "Users",
      "Action History",
    ]);
    expect(menuOf(["org_manager"])).toEqual([
      "Dashboard",
      "Today",
      "Donors",
      "Donor Groups",
      "Imports",
      "Campaigns",
      "Support",
      "Action History",
    ]);
    expect(menuOf(["org_officer"])).toEqual([
      "Dashboard",
      "Today",
      "Donors",
      "Donor Groups",
      "Imports",
      "Your Campaigns",
      "Support",
    ]);
    expect(menuOf([])).toEqual(["Dashboard", "Support"]);
    // Not approved: no organisation page, whatever the roles.
    expect(menuOf(["org_owner"], "submitted")).toEqual(["Dashboard", "Support"]);
  });

  it("sends officers to their own campaigns and everyone else to all of them", () => {
    const officer = navigationFor(
      permissionsOf({ userId: "u", roles: ["org_officer"], organizationId: "o", onboardingStatus: "approved" }),
    );
    expect(officer.find((e) => e.label === "Your Campaigns")?.to).toBe("/campaigns");
    const manager = navigationFor(
      permissionsOf({ userId: "u", roles: ["org_manager"], organizationId: "o", onboardingStatus: "approved" }),
    );
    expect(manager.find((e) => e.label === "Campaigns")?.to).toBe("/admin/campaigns");
  });
});

describe("pageName", () => {
  it("names the menu's pages by their label and the others by their shape", () => {
    expect(pageName("/donors")).toBe("Donors");
    expect(pageName("/donors?filters=x")).toBe("Donors");
    expect(pageName("/admin/actions")).toBe("Action History");
    expect(pageName("/donor/123/dashboard")).toBe("a donor's dashboard");
    expect(pageName("/donor/123")).toBe("a donor's stage recommendations");
    expect(pageName("/nowhere")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { dashboardTarget, homeTarget } from "./roles.ts";

describe("dashboardTarget (part 2 post-login redirect, in order)", () => {
  it.each([
    ["not signed in", null, "/login"],
    ["pending", { onboardingStatus: "pending", roles: ["admin"] }, "/onboarding-form"],
    ["submitted", { onboardingStatus: "submitted", roles: ["admin"] }, "/pending-approval"],
    ["admin", { onboardingStatus: "approved", roles: ["admin", "org_owner"] }, "/admin"],
    ["org owner", { onboardingStatus: "approved", roles: ["org_owner", "org_officer"] }, "/org-owner-dashboard"],
    ["org officer", { onboardingStatus: "approved", roles: ["org_officer"] }, "/org-officer-dashboard"],
    ["manager", { onboardingStatus: "approved", roles: ["org_manager"] }, "/donors"],
    ["no role", { onboardingStatus: "approved", roles: [] }, "/donors"],
  ] as const)("%s → %s", (_label, me, target) => {
    expect(dashboardTarget(me)).toBe(target);
  });
});

describe("homeTarget (issue 15: where sign-in lands)", () => {
  it.each([
    ["not signed in", null, "/login"],
    ["submitted officer", { onboardingStatus: "submitted", roles: ["org_officer"] }, "/pending-approval"],
    ["admin", { onboardingStatus: "approved", roles: ["admin"] }, "/admin"],
    ["org owner", { onboardingStatus: "approved", roles: ["org_owner"] }, "/org-owner-dashboard"],
    ["org officer", { onboardingStatus: "approved", roles: ["org_officer"] }, "/today"],
    ["manager", { onboardingStatus: "approved", roles: ["org_manager"] }, "/today"],
    ["no role", { onboardingStatus: "approved", roles: [] }, "/donors"],
  ] as const)("%s → %s", (_label, me, target) => {
    expect(homeTarget(me)).toBe(target);
  });
});

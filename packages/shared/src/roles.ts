/** Role names as stored in `roles.name`. A user holds at most one through the UI. */
export const ROLE_NAMES = ["admin", "org_owner", "org_manager", "org_officer"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const ROLE_LABELS: Record<RoleName, string> = {
  admin: "Admin",
  org_owner: "Organization Owner",
  org_manager: "Organization Manager",
  org_officer: "Organization Officer",
};

export const ONBOARDING_STATUSES = ["pending", "submitted", "approved"] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/**
 * Issue 11 item 1: nothing of an organisation is visible or writable to an account that is not
 * approved, whatever roles it holds. The server answers 403 with this code and sentence.
 */
export const APPROVAL_REQUIRED_ERROR = "approval_required";
export const APPROVAL_REQUIRED_MESSAGE =
  "Your account is waiting for approval. You can use your organization's data once an owner or an administrator approves it; you will be emailed then.";
export const isApproved = (me: { onboardingStatus: OnboardingStatus } | null | undefined) =>
  me?.onboardingStatus === "approved";
/** Organisation roles, taken away when a user leaves an organisation (declined, organisation deleted). */
export const ORGANIZATION_ROLES: readonly RoleName[] = ["org_owner", "org_manager", "org_officer"];

/** Roles that may see the donor list and donor groups (docs/RULES.md, Roles). */
export const DONOR_ROLES: readonly RoleName[] = ["admin", "org_owner", "org_manager", "org_officer"];

/**
 * Where /dashboard sends a user, in the order of docs/RULES.md, Onboarding and approval.
 * Shared so the server's /api/me and the browser's redirector cannot disagree.
 */
export function dashboardTarget(me: { onboardingStatus: OnboardingStatus; roles: readonly string[] } | null): string {
  if (!me) return "/login";
  if (me.onboardingStatus === "pending") return "/onboarding-form";
  if (me.onboardingStatus === "submitted") return "/pending-approval";
  if (me.roles.includes("admin")) return "/admin";
  if (me.roles.includes("org_owner")) return "/org-owner-dashboard";
  if (me.roles.includes("org_officer")) return "/org-officer-dashboard";
  return "/donors";
}

/**
 * Where sign-in lands (issue 15, The officer's day): officers and managers start on /today; everyone
 * else (admins, owners, accounts still onboarding, users without a role) where /dashboard sends them.
 * The menu's Dashboard link keeps `dashboardTarget`, so an officer still reaches their dashboard.
 */
export function homeTarget(me: { onboardingStatus: OnboardingStatus; roles: readonly string[] } | null): string {
  const target = dashboardTarget(me);
  if (target !== "/org-officer-dashboard" && target !== "/donors") return target;
  return me!.roles.includes("org_officer") || me!.roles.includes("org_manager") ? "/today" : target;
}

import type { ActorPermission, ActorPermissions } from "./policy/permissions.ts";

/**
 * The menu (docs/RULES.md, Roles: "Menus"). Issue 14: every page a role may use is in its menu, so each
 * entry names the permission its page is gated on (the page's `RequirePermission`), and the menu is
 * the entries whose permission /api/me answered true. No role names here: the shared policy decides.
 */
export type NavEntry = {
  to: string;
  label: string;
  /** The permission the page needs; null = every signed-in user. */
  permission: ActorPermission | null;
  /** Left out when the user has this permission (officers' "Your Campaigns" vs everyone's "Campaigns"). */
  unless?: ActorPermission;
  /** `main`: in the bar; `manage`: the Administration menu (a plain link when it holds one entry). */
  section: "main" | "manage";
};

export const NAV_ENTRIES: readonly NavEntry[] = [
  { to: "/dashboard", label: "Dashboard", permission: null, section: "main" },
  { to: "/today", label: "Today", permission: "viewDonors", section: "main" },
  { to: "/donors", label: "Donors", permission: "viewDonors", section: "main" },
  { to: "/donor-groups", label: "Donor Groups", permission: "viewDonors", section: "main" },
  { to: "/imports", label: "Imports", permission: "viewDonors", section: "main" },
  { to: "/admin/campaigns", label: "Campaigns", permission: "viewAllCampaigns", section: "main" },
  // Officers manage only the campaigns they own; their page says so (docs/RULES.md, Campaigns).
  {
    to: "/campaigns",
    label: "Your Campaigns",
    permission: "manageCampaigns",
    unless: "viewAllCampaigns",
    section: "main",
  },
  { to: "/support", label: "Support", permission: null, section: "main" },
  { to: "/admin", label: "Admin Dashboard", permission: "viewAdminDashboard", section: "manage" },
  { to: "/admin/users", label: "Users", permission: "manageUsers", section: "manage" },
  { to: "/admin/organizations", label: "Organizations", permission: "manageOrganizations", section: "manage" },
  { to: "/admin/prompts", label: "Stage Prompts", permission: "editPrompts", section: "manage" },
  { to: "/admin/actions", label: "Action History", permission: "viewActionHistory", section: "manage" },
  { to: "/admin/outbox", label: "Email Outbox", permission: "readEmailOutbox", section: "manage" },
];

/** The entries of a signed-in user's menu, in order. */
export function navigationFor(permissions: ActorPermissions): NavEntry[] {
  return NAV_ENTRIES.filter(
    (e) => (e.permission === null || permissions[e.permission]) && !(e.unless && permissions[e.unless]),
  );
}

/**
 * A page's name as the menu and the action history say it ("Viewed Donors for 1 min 12 s"); pages
 * outside the menu by their path's shape. Null for a path we do not name.
 */
export function pageName(path: string): string | null {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
  const entry = NAV_ENTRIES.find((e) => e.to === clean);
  if (entry) return entry.label;
  const patterns: [RegExp, string][] = [
    [/^\/$/, "the home page"],
    [/^\/login$/, "Sign in"],
    [/^\/register$/, "Register"],
    [/^\/account$/, "Account Settings"],
    [/^\/saved-donor-groups$/, "Donor Groups"],
    [/^\/donor\/[^/]+\/dashboard$/, "a donor's dashboard"],
    [/^\/donor\/[^/]+\/full$|^\/donor-full\/[^/]+$/, "a donor's full record"],
    [/^\/donor\/[^/]+$/, "a donor's stage recommendations"],
    [/^\/org-owner-dashboard$/, "the owner dashboard"],
    [/^\/org-officer-dashboard$/, "the officer dashboard"],
    [/^\/campaigns\/[^/]+\/board$/, "a campaign's pipeline board"],
    [/^\/support\/submit$/, "Submit an Issue"],
    [/^\/support\/issues\/[^/]+$/, "a support issue"],
    [/^\/onboarding-form$/, "the onboarding form"],
    [/^\/pending-approval$/, "Pending Approval"],
  ];
  return patterns.find(([re]) => re.test(clean))?.[1] ?? null;
}

import { isApproved, type ActorPermission, type Me } from "@cultivate/shared";

/**
 * The browser's one adapter to the policy (docs/decisions/033-one-policy-for-both-sides.md). Pages,
 * links and controls ask the permissions /api/me computed with the shared rules; nothing else in
 * apps/web/src names a role. The only role names left are about showing a role, not about access.
 */
export type { ActorPermission };

/** What the signed-in user may do now (nothing while loading or signed out). */
export const can = (me: Me | null | undefined, permission: ActorPermission): boolean =>
  Boolean(me?.permissions[permission]);

/**
 * What the user's roles will open once the account is approved. Issue 11: such a page shows an
 * account waiting for approval the approval wait, not Access Denied.
 */
export const canOnceApproved = (me: Me | null | undefined, permission: ActorPermission): boolean =>
  Boolean(me?.permissionsOnceApproved[permission]);

/** The admin role's chip: its own colour, and only admins may take it away (the list's grantAdmin answer). */
export const isAdminRole = (name: string) => name === "admin";
export const roleBadgeColor = (name: string) => (isAdminRole(name) ? "grape" : "teal");

/** Issue 14: an approved account that holds none of the roles is told who can give it one. */
export const hasNoRole = (me: Me) => isApproved(me) && me.roles.length === 0;

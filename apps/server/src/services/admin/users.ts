import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AdminUser, AdminUserListQuery, RoleName, UserList } from "@cultivate/shared";
import {
  APPLICANTS_SHOWN,
  USER_PAGE_SIZE,
  CHANGE_ADMIN_ROLE_DENIED_MESSAGE,
  DECLINE_APPROVED_USER_MESSAGE,
  GRANT_ADMIN_DENIED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  MANAGE_USERS_DENIED_MESSAGE,
  REMOVE_ADMIN_ROLE_DENIED_MESSAGE,
  ROLE_NAMES,
  emailTakenMessage,
  losesOwnerRole,
} from "@cultivate/shared";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { OutgoingEmail } from "../../mail/mailer.ts";
import { applicationDeclinedEmail } from "../../mail/templates.ts";
import type { Actor } from "../../policy/actor.ts";
import { assertKeepsAnOwner, assertManagesUser, authorize, can, organizationScope } from "../../policy/policy.ts";
import { approvalEmail } from "./approval-email.ts";

/**
 * User management (docs/RULES.md, Administration), over `app.repos.users` (services/users/repository.ts).
 * The route's guard has let in a user manager (admin, or owner); each function here checks the rest
 * of the policy (which users, which roles, the last owner), makes the change, records it in the
 * action history and answers the user as the list shows them.
 */

const OWN_ADMIN_ROLE_MESSAGE = "You cannot remove your own admin role.";

/** The user a manager may touch (404 for anyone else, as for every other tenant's record). */
async function managedUser(app: FastifyInstance, actor: Actor, userId: string): Promise<AdminUser> {
  const target = await app.repos.users.find(userId);
  assertManagesUser(actor, target);
  return target!;
}

/** The user again after a change, as the answer shows them. */
const reloaded = async (app: FastifyInstance, userId: string): Promise<AdminUser> =>
  (await app.repos.users.find(userId))!;

/** 409 when the change would leave the target's organisation without an approved owner. */
async function assertKeepsOwner(app: FastifyInstance, actor: Actor, target: AdminUser) {
  assertKeepsAnOwner(actor, target, {
    losesOwner: true,
    otherApprovedOwners: await app.repos.users.otherApprovedOwners(target.organizationId, target.id),
  });
}

/**
 * The user list: admins see everyone unless they name an organisation; owners only ever their own.
 * With it the organisations to pick from, the roles the actor may grant and what else they may do.
 */
export async function userManagementList(
  app: FastifyInstance,
  actor: Actor,
  query: AdminUserListQuery,
): Promise<UserList> {
  const isAdmin = can.administer(actor);
  const organizationId = isAdmin && !query.organizationId ? null : organizationScope(actor, query.organizationId);
  const organization = organizationId ? (await app.repos.users.organizationRefs([organizationId]))[0] : null;
  if (organizationId && !organization) throw notFound("Organization not found.");
  const allRoles = await app.repos.users.roles();
  // Issue 13: one page at a time, so the list and its dropdowns stay small however many users there are.
  const { users, total } = await app.repos.users.page(
    { organizationId, q: query.q, status: query.status },
    { offset: (query.page - 1) * USER_PAGE_SIZE, limit: USER_PAGE_SIZE },
  );
  const waiting = can.decideApplications(actor)
    ? await app.repos.users.applicants(organizationId, APPLICANTS_SHOWN)
    : { users: [], total: 0 };
  return {
    users,
    total,
    page: query.page,
    pageSize: USER_PAGE_SIZE,
    applicants: waiting.users,
    applicantTotal: waiting.total,
    // An owner picks only their own organisation, already read for the header above. An admin's answer
    // names only the page's organisations: every organisation's name on every page and search was the
    // whole installation again (issue 13).
    organizations: isAdmin
      ? await app.repos.users.organizationRefs([
          ...[...users, ...waiting.users].flatMap((u) => (u.organizationId ? [u.organizationId] : [])),
          ...(organization ? [organization.id] : []),
        ])
      : organization
        ? [organization]
        : [],
    organizationTotal: isAdmin ? await app.repos.organizations.count() : organization ? 1 : 0,
    roles: allRoles.filter(
      (r) =>
        (ROLE_NAMES as readonly string[]).includes(r.name) &&
        can.grantRole(actor, r.name as (typeof ROLE_NAMES)[number]),
    ),
    organization: organization ?? null,
    permissions: {
      changeOrganization: can.changeUserOrganization(actor),
      grantAdmin: can.grantAdmin(actor),
      decideApplications: can.decideApplications(actor),
    },
  };
}

/**
 * Creates an account through better-auth (its hashing, its user table, no session or cookie for
 * the caller) and places it in `organizationId`. The new user starts at onboarding status pending.
 */
async function insertUser(
  app: FastifyInstance,
  input: { email: string; password: string; organizationId: string | null },
): Promise<AdminUser> {
  const ctx = await app.auth.$context;
  const email = input.email.trim().toLowerCase();
  if (await ctx.internalAdapter.findUserByEmail(email)) throw conflict(emailTakenMessage(email));
  let created;
  try {
    created = await ctx.internalAdapter.createUser({ email, name: email, emailVerified: false }, { method: "admin" });
  } catch (err) {
    // Lost a race with another sign-up of the same address (unique index on users.email).
    if (await ctx.internalAdapter.findUserByEmail(email)) throw conflict(emailTakenMessage(email));
    throw err;
  }
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await ctx.password.hash(input.password),
  });
  await app.repos.users.upsertProfile(created.id, input.organizationId);
  return reloaded(app, created.id);
}

/** A new user: an admin's goes where they say (or nowhere), an owner's joins the owner's organisation. */
export async function createUser(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  input: { email: string; password: string; organizationId?: string | null },
): Promise<AdminUser> {
  const { email, password, organizationId: requested } = input;
  const organizationId = can.administer(actor) ? (requested ?? null) : organizationScope(actor, requested);
  if (organizationId && !(await app.repos.users.organizationRefs([organizationId]))[0])
    throw notFound("Organization not found.");
  return app.activity.around(
    actor,
    request,
    {
      organizationId,
      actionType: "system",
      actionName: "user_create",
      resourceType: "user",
      details: { email, organizationId },
    },
    () => insertUser(app, { email, password, organizationId }),
    (created) => ({ resourceId: created.id }),
  );
}

/** docs/RULES.md, Administration: a user holds one role; assigning removes the existing ones first, in one transaction. */
export async function assignRole(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  userId: string,
  role: RoleName,
): Promise<AdminUser> {
  const target = await managedUser(app, actor, userId);
  if (!can.grantRole(actor, role)) throw forbidden(GRANT_ADMIN_DENIED_MESSAGE);
  // Replacing an admin's role would take admin away: only admins may do that, and never their own.
  if (!can.changeRolesOf(actor, target)) throw forbidden(CHANGE_ADMIN_ROLE_DENIED_MESSAGE);
  if (!can.keepOwnAdminOnAssign(actor, target, role)) throw forbidden(OWN_ADMIN_ROLE_MESSAGE);
  if (losesOwnerRole.byAssigning(role)) await assertKeepsOwner(app, actor, target);
  await app.repos.users.assignRole(target.id, role);
  app.activity.record(actor, request, {
    organizationId: target.organizationId,
    actionType: "system",
    actionName: "user_role_assign",
    resourceType: "user",
    resourceId: target.id,
    details: { role, previous: target.roles },
  });
  return reloaded(app, target.id);
}

/** Removes one role; 404 when the user did not hold it. */
export async function removeRole(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  userId: string,
  role: RoleName,
): Promise<AdminUser> {
  const target = await managedUser(app, actor, userId);
  if (!can.revokeRole(actor, role)) throw forbidden(REMOVE_ADMIN_ROLE_DENIED_MESSAGE);
  // An admin's roles are the admins' business (the same rule as changing them).
  if (!can.changeRolesOf(actor, target)) throw forbidden(CHANGE_ADMIN_ROLE_DENIED_MESSAGE);
  // An admin cannot lock themselves out of administration.
  if (!can.keepOwnAdminOnRemove(actor, target, role)) throw forbidden(OWN_ADMIN_ROLE_MESSAGE);
  if (losesOwnerRole.byRemoving(role)) await assertKeepsOwner(app, actor, target);
  if (!(await app.repos.users.removeRole(target.id, role))) throw notFound("The user does not have this role.");
  app.activity.record(actor, request, {
    organizationId: target.organizationId,
    actionType: "system",
    actionName: "user_role_remove",
    resourceType: "user",
    resourceId: target.id,
    details: { role },
  });
  return reloaded(app, target.id);
}

/** Moves the user to an organisation, or to none (admins only). */
export async function setUserOrganization(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  userId: string,
  organizationId: string | null,
): Promise<AdminUser> {
  const target = await managedUser(app, actor, userId);
  if (!can.changeUserOrganization(actor)) throw forbidden("Only administrators can move users between organizations.");
  await app.repos.users.setOrganization(target.id, organizationId);
  // Filed under both organisations concerned: the one the user left and the one they joined.
  const concerned = [...new Set([target.organizationId, organizationId])].filter((id): id is string => Boolean(id));
  for (const filedUnder of concerned.length ? concerned : [null]) {
    app.activity.record(actor, request, {
      organizationId: filedUnder,
      actionType: "system",
      actionName: "user_organization_change",
      resourceType: "user",
      resourceId: target.id,
      details: { from: target.organizationId, to: organizationId },
    });
  }
  return reloaded(app, target.id);
}

/** The decision stands whatever happens to its email; the answer says whether it went and why not. */
async function sendDecisionEmail(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: "approval" | "decline",
  message: () => Promise<OutgoingEmail>,
) {
  let emailSent = false;
  let emailError: string | null = null;
  try {
    const result = await app.mailer.send(await message());
    emailSent = result.delivered || result.status === "stored";
    if (result.error) emailError = result.error;
  } catch (err) {
    request.log.error({ err }, `${kind} email failed`);
    emailError = err instanceof Error ? err.message : NETWORK_ERROR_MESSAGE;
  }
  return { emailSent, emailError };
}

/** Approves a pending or submitted user and emails them; approving an approved user changes nothing. */
export async function approveUser(app: FastifyInstance, actor: Actor, request: FastifyRequest, userId: string) {
  authorize(actor, can.decideApplications, MANAGE_USERS_DENIED_MESSAGE);
  const target = await managedUser(app, actor, userId);
  if (!(await app.repos.users.approve(target.id))) {
    return { user: await reloaded(app, target.id), alreadyApproved: true, emailSent: false, emailError: null };
  }
  // The approval stands whatever happens to the email (docs/RULES.md, Onboarding and approval).
  const { emailSent, emailError } = await sendDecisionEmail(app, request, "approval", async () =>
    approvalEmail(
      { userEmail: target.email, ...(await app.repos.users.onboardingNames(target.id)) },
      app.config.appUrl,
    ),
  );
  app.activity.record(actor, request, {
    organizationId: target.organizationId,
    actionType: "system",
    actionName: "user_approve",
    resourceType: "user",
    resourceId: target.id,
    details: { email: target.email, emailSent, emailError },
  });
  return { user: await reloaded(app, target.id), alreadyApproved: false, emailSent, emailError };
}

/**
 * Declines an applicant: out of the organisation, organisation roles gone, back to pending (they may
 * apply again), emailed. An approved user is not an applicant (409).
 */
export async function declineUser(app: FastifyInstance, actor: Actor, request: FastifyRequest, userId: string) {
  authorize(actor, can.decideApplications, MANAGE_USERS_DENIED_MESSAGE);
  const target = await managedUser(app, actor, userId);
  if (target.onboardingStatus === "approved") throw conflict(DECLINE_APPROVED_USER_MESSAGE);
  const { declined } = await app.repos.users.decline(target.id);
  if (!declined) throw conflict(DECLINE_APPROVED_USER_MESSAGE);
  const { emailSent, emailError } = await sendDecisionEmail(app, request, "decline", async () =>
    applicationDeclinedEmail(target.email, target.organizationName, app.config.appUrl),
  );
  app.activity.record(actor, request, {
    organizationId: target.organizationId,
    actionType: "system",
    actionName: "user_decline",
    resourceType: "user",
    resourceId: target.id,
    details: {
      email: target.email,
      organizationId: target.organizationId,
      organizationName: target.organizationName,
      previousRoles: target.roles,
      emailSent,
      emailError,
    },
  });
  return { user: await reloaded(app, target.id), emailSent, emailError };
}

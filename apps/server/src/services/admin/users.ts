import type { FastifyInstance } from "fastify";
import type { AdminUser, RoleName } from "@cultivate/shared";
import { emailTakenMessage } from "@cultivate/shared";
import { conflict } from "../../lib/errors.ts";

/**
 * User management (docs/RULES.md, Administration): the routes' calls, over `app.repos.users`
 * (services/users/repository.ts). The rules (who may manage whom, the last owner) are checked by the
 * route through the policy before these run.
 */

/** The users a user manager sees: all (admin, optionally one organisation) or one organisation's. */
export const listUsers = (app: FastifyInstance, organizationId: string | null) => app.repos.users.list(organizationId);

/** One user as the list shows it, or null. */
export const findUser = (app: FastifyInstance, userId: string): Promise<AdminUser | null> =>
  app.repos.users.find(userId);

export const listRoles = (app: FastifyInstance) => app.repos.users.roles();

/**
 * Creates an account through better-auth (its hashing, its user table, no session or cookie for
 * the caller) and places it in `organizationId`. The new user starts at onboarding status pending.
 */
export async function createUser(
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
  return (await app.repos.users.find(created.id))!;
}

/** docs/RULES.md, Administration: a user holds one role; assigning removes the existing ones first, in one transaction. */
export const assignRole = (app: FastifyInstance, userId: string, role: RoleName) =>
  app.repos.users.assignRole(userId, role);

/** Removes one role; answers false when the user did not hold it. */
export const removeRole = (app: FastifyInstance, userId: string, role: RoleName) =>
  app.repos.users.removeRole(userId, role);

export const setUserOrganization = (app: FastifyInstance, userId: string, organizationId: string | null) =>
  app.repos.users.setOrganization(userId, organizationId);

/** Sets the user approved; false when it already was (no write, no email). */
export const approve = (app: FastifyInstance, userId: string) => app.repos.users.approve(userId);

/** The approval email's names: from the newest onboarding form and the stored organisation. */
export const onboardingNames = (app: FastifyInstance, userId: string) => app.repos.users.onboardingNames(userId);

/** Issue 11 decline: out of the organisation, organisation roles gone, back to pending. */
export const decline = (app: FastifyInstance, userId: string) => app.repos.users.decline(userId);

/** Approved owners of an organisation other than `exceptUserId` (the last-owner rule). */
export const otherApprovedOwners = (app: FastifyInstance, organizationId: string | null, exceptUserId: string) =>
  app.repos.users.otherApprovedOwners(organizationId, exceptUserId);

export const organizationRefs = (app: FastifyInstance, organizationId: string | null) =>
  app.repos.users.organizationRefs(organizationId);

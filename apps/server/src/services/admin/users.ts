import { and, asc, desc, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { AdminUser, Application, RoleName } from "@cultivate/shared";
import { ORGANIZATION_ROLES, ROLE_NAMES, emailTakenMessage } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import { onboardingForms, organizations, roles, userProfiles, userRoles, users } from "../../db/schema.ts";
import type { Auth } from "../../auth/auth.ts";
import { conflict, notFound } from "../../lib/errors.ts";

/** Users as the user list shows them (profile, organisation, roles), for any condition on users/profiles. */
async function queryUsers(db: Db, where: SQL | undefined): Promise<AdminUser[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      twoFactorEnabled: users.twoFactorEnabled,
      organizationId: userProfiles.organizationId,
      organizationName: organizations.name,
      onboardingStatus: userProfiles.onboardingStatus,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .leftJoin(organizations, eq(organizations.id, userProfiles.organizationId))
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.email));
  const roleRows = rows.length
    ? await db
        .select({ userId: userRoles.userId, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          inArray(
            userRoles.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const rolesByUser = new Map<string, string[]>();
  for (const r of roleRows) rolesByUser.set(r.userId, [...(rolesByUser.get(r.userId) ?? []), r.name]);
  const forms = await newestForms(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: forms.get(r.id) ? `${forms.get(r.id)!.firstName} ${forms.get(r.id)!.lastName}` : null,
    // Issue 11: the answers are shown to the people who decide on an applicant; an approved
    // member's form stays out of the list.
    application: (r.onboardingStatus ?? "pending") !== "approved" ? presentApplication(forms.get(r.id)) : null,
    createdAt: r.createdAt.toISOString(),
    twoFactorEnabled: r.twoFactorEnabled,
    organizationId: r.organizationId ?? null,
    organizationName: r.organizationName ?? null,
    onboardingStatus: r.onboardingStatus ?? "pending",
    roles: rolesByUser.get(r.id) ?? [],
  }));
}

type FormRow = typeof onboardingForms.$inferSelect;

/** The newest onboarding form of each of these users. */
async function newestForms(db: Db, userIds: string[]): Promise<Map<string, FormRow>> {
  const byUser = new Map<string, FormRow>();
  if (!userIds.length) return byUser;
  const rows = await db
    .select()
    .from(onboardingForms)
    .where(inArray(onboardingForms.userId, userIds))
    .orderBy(desc(onboardingForms.createdAt));
  for (const f of rows) if (!byUser.has(f.userId)) byUser.set(f.userId, f);
  return byUser;
}

function presentApplication(f: FormRow | undefined): Application | null {
  if (!f) return null;
  const { id: _id, userId: _userId, createdAt, ...answers } = f;
  return { ...answers, submittedAt: createdAt.toISOString() };
}

/** The users a user manager sees: all (admin, optionally one organisation) or one organisation's. */
export const listUsers = (db: Db, organizationId: string | null) =>
  queryUsers(db, organizationId ? eq(userProfiles.organizationId, organizationId) : undefined);

/** One user as the list shows it, or null. */
export async function findUser(db: Db, userId: string): Promise<AdminUser | null> {
  return (await queryUsers(db, eq(users.id, userId)))[0] ?? null;
}

export async function listRoles(db: Db) {
  const rows = await db.select({ id: roles.id, name: roles.name, description: roles.description }).from(roles);
  const order = (name: string) => {
    const i = (ROLE_NAMES as readonly string[]).indexOf(name);
    return i === -1 ? ROLE_NAMES.length : i;
  };
  return rows.sort((a, b) => order(a.name) - order(b.name));
}

/**
 * Creates an account through better-auth (its hashing, its user table, no session or cookie for
 * the caller) and places it in `organizationId`. The new user starts at onboarding status pending.
 */
export async function createUser(
  db: Db,
  auth: Auth,
  input: { email: string; password: string; organizationId: string | null },
): Promise<AdminUser> {
  const ctx = await auth.$context;
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
  await db
    .insert(userProfiles)
    .values({ id: created.id, organizationId: input.organizationId })
    .onConflictDoUpdate({
      target: userProfiles.id,
      set: { organizationId: input.organizationId, updatedAt: new Date() },
    });
  return (await findUser(db, created.id))!;
}

/** docs/RULES.md, Administration: a user holds one role; assigning removes the existing ones first, in one transaction. */
export async function assignRole(db: Db, userId: string, role: RoleName): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
    if (!row) throw notFound("Role not found.");
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values({ userId, roleId: row.id });
  });
}

/** Removes one role; answers false when the user did not hold it. */
export async function removeRole(db: Db, userId: string, role: RoleName): Promise<boolean> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
  if (!row) return false;
  const deleted = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, row.id)))
    .returning({ userId: userRoles.userId });
  return deleted.length > 0;
}

export async function setUserOrganization(db: Db, userId: string, organizationId: string | null): Promise<void> {
  if (organizationId) {
    const [org] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    if (!org) throw notFound("Organization not found.");
  }
  await db
    .insert(userProfiles)
    .values({ id: userId, organizationId })
    .onConflictDoUpdate({ target: userProfiles.id, set: { organizationId, updatedAt: new Date() } });
}

/**
 * Sets the user approved. Answers whether the status changed: approving an approved user is a
 * no-op (no write, no email). The update is conditional, so two admins approving at once send one email.
 */
export async function approve(db: Db, userId: string): Promise<boolean> {
  const changed = await db
    .update(userProfiles)
    .set({ onboardingStatus: "approved", updatedAt: new Date() })
    .where(and(eq(userProfiles.id, userId), inArray(userProfiles.onboardingStatus, ["pending", "submitted"])))
    .returning({ id: userProfiles.id });
  return changed.length > 0;
}

/**
 * The approval email's names: first and last name from the user's newest onboarding form, and the
 * organisation the account belongs to as stored (issue 11: never the name as typed in the form).
 */
export async function onboardingNames(db: Db, userId: string) {
  const [form] = await db
    .select({ firstName: onboardingForms.firstName, lastName: onboardingForms.lastName })
    .from(onboardingForms)
    .where(eq(onboardingForms.userId, userId))
    .orderBy(desc(onboardingForms.createdAt))
    .limit(1);
  const [org] = await db
    .select({ name: organizations.name })
    .from(userProfiles)
    .innerJoin(organizations, eq(organizations.id, userProfiles.organizationId))
    .where(eq(userProfiles.id, userId));
  return { firstName: form?.firstName ?? null, lastName: form?.lastName ?? null, organizationName: org?.name ?? null };
}

/**
 * Issue 11 decline: the applicant leaves the organisation it applied to, loses its organisation
 * roles, and goes back to onboarding status pending so it can apply again. Only an account that is
 * not approved can be declined (conditional update, so two deciders at once decline once).
 * Answers the organisation it was declined from, or null when nothing changed.
 */
export async function decline(db: Db, userId: string): Promise<{ declined: boolean }> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(userProfiles)
      .set({ onboardingStatus: "pending", organizationId: null, updatedAt: new Date() })
      .where(and(eq(userProfiles.id, userId), inArray(userProfiles.onboardingStatus, ["pending", "submitted"])))
      .returning({ id: userProfiles.id });
    if (!changed.length) return { declined: false };
    await removeOrganizationRoles(tx, [userId]);
    return { declined: true };
  });
}

/** Takes org_owner, org_manager and org_officer away from these users (admin stays). */
export async function removeOrganizationRoles(db: DbOrTx, userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  const orgRoleIds = db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.name, [...ORGANIZATION_ROLES]));
  await db.delete(userRoles).where(and(inArray(userRoles.userId, userIds), inArray(userRoles.roleId, orgRoleIds)));
}

/** Approved owners of an organisation other than `exceptUserId` (the last-owner rule). */
export async function otherApprovedOwners(
  db: Db,
  organizationId: string | null,
  exceptUserId: string,
): Promise<number> {
  if (!organizationId) return 0;
  const rows = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .innerJoin(userRoles, eq(userRoles.userId, userProfiles.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(userProfiles.organizationId, organizationId),
        eq(userProfiles.onboardingStatus, "approved"),
        eq(roles.name, "org_owner"),
        ne(userProfiles.id, exceptUserId),
      ),
    );
  return rows.length;
}

export async function organizationRefs(db: Db, organizationId: string | null) {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(organizationId ? eq(organizations.id, organizationId) : undefined)
    .orderBy(asc(organizations.name));
}

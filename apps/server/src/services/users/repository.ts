import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { AdminUser, Application, OnboardingStatus, RoleName } from "@cultivate/shared";
import { ORGANIZATION_ROLES, ROLE_NAMES } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import { onboardingForms, organizations, roles, userProfiles, userRoles, users } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import { containsPattern } from "../../lib/like.ts";

/** A slice of the list: `limit` users after the first `offset`. */
type Slice = { offset: number; limit: number };

/**
 * Users as the user list shows them (profile, organisation, roles), for any condition on users,
 * profiles and organisations; newest first (ties by email, then id, so pages never overlap).
 */
async function queryUsers(db: DbOrTx, where: SQL | undefined, slice?: Slice): Promise<AdminUser[]> {
  const query = db
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
    .orderBy(desc(users.createdAt), asc(users.email), asc(users.id))
    .$dynamic();
  const rows = await (slice ? query.limit(slice.limit).offset(slice.offset) : query);
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
async function newestForms(db: DbOrTx, userIds: string[]): Promise<Map<string, FormRow>> {
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

/** How many users match, counted over the same joins as queryUsers. */
async function countUsers(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .leftJoin(organizations, eq(organizations.id, userProfiles.organizationId))
    .where(where);
  return row?.n ?? 0;
}

/** A user without a profile row counts as pending (queryUsers shows them so). */
const statusSql = sql`coalesce(${userProfiles.onboardingStatus}, 'pending')`;

const hasForm = (db: DbOrTx, nameLike?: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(onboardingForms)
      .where(
        and(
          eq(onboardingForms.userId, users.id),
          nameLike
            ? ilike(sql`${onboardingForms.firstName} || ' ' || ${onboardingForms.lastName}`, nameLike)
            : undefined,
        ),
      ),
  );

export type UserListFilter = { organizationId: string | null; q?: string; status?: OnboardingStatus };

/**
 * The users of the list's scope (one organisation, or everyone's for an admin) that match the search
 * (email, a name given on an onboarding form, organisation name) and the onboarding status.
 */
function listCondition(db: DbOrTx, f: UserListFilter): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : null;
  return and(
    f.organizationId ? eq(userProfiles.organizationId, f.organizationId) : undefined,
    f.status ? sql`${statusSql} = ${f.status}` : undefined,
    pattern ? or(ilike(users.email, pattern), ilike(organizations.name, pattern), hasForm(db, pattern)) : undefined,
  );
}

/**
 * Applicants (issue 11): accounts not approved yet that asked to join an organisation, that is that
 * belong to one or sent the onboarding form, in the list's scope.
 */
const applicantCondition = (db: DbOrTx, organizationId: string | null): SQL | undefined =>
  and(
    organizationId ? eq(userProfiles.organizationId, organizationId) : undefined,
    sql`${statusSql} <> 'approved'`,
    or(isNotNull(userProfiles.organizationId), hasForm(db)),
  );

/** One page of the list and the exact number of users that match. */
async function pageUsers(db: DbOrTx, f: UserListFilter, slice: Slice) {
  const where = listCondition(db, f);
  return { users: await queryUsers(db, where, slice), total: await countUsers(db, where) };
}

/** The newest `limit` applicants of the scope and how many there are. */
async function applicants(db: DbOrTx, organizationId: string | null, limit: number) {
  const where = applicantCondition(db, organizationId);
  return { users: await queryUsers(db, where, { offset: 0, limit }), total: await countUsers(db, where) };
}

/**
 * The members of one organisation as the relationship-manager and colleague pickers need them: id, email,
 * the name of their newest onboarding form (as the user list shows it), status and roles, in one
 * statement. The pickers apply the shared `eligibleRelationshipManager` rule to them. (Before, each
 * donor dashboard read every member's every onboarding form through the user list's query.)
 */
function members(db: DbOrTx, organizationId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: sql<string | null>`(select ${onboardingForms.firstName} || ' ' || ${onboardingForms.lastName}
        from ${onboardingForms} where ${onboardingForms.userId} = ${users.id}
        order by ${onboardingForms.createdAt} desc limit 1)`,
      organizationId: userProfiles.organizationId,
      onboardingStatus: sql<OnboardingStatus>`coalesce(${userProfiles.onboardingStatus}, 'pending')`,
      roles: sql<string[]>`coalesce((select array_agg(${roles.name}) from ${userRoles}
        join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(userProfiles.organizationId, organizationId));
}

/** One user as the list shows it, or null. */
async function findUser(db: DbOrTx, userId: string): Promise<AdminUser | null> {
  return (await queryUsers(db, eq(users.id, userId)))[0] ?? null;
}

async function listRoles(db: DbOrTx) {
  const rows = await db.select({ id: roles.id, name: roles.name, description: roles.description }).from(roles);
  const order = (name: string) => {
    const i = (ROLE_NAMES as readonly string[]).indexOf(name);
    return i === -1 ? ROLE_NAMES.length : i;
  };
  return rows.sort((a, b) => order(a.name) - order(b.name));
}

/** docs/RULES.md, Administration: a user holds one role; assigning removes the existing ones first, in one transaction. */
async function assignRole(db: Db, userId: string, role: RoleName): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
    if (!row) throw notFound("Role not found.");
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values({ userId, roleId: row.id });
  });
}

/** Removes one role; answers false when the user did not hold it. */
async function removeRole(db: DbOrTx, userId: string, role: RoleName): Promise<boolean> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
  if (!row) return false;
  const deleted = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, row.id)))
    .returning({ userId: userRoles.userId });
  return deleted.length > 0;
}

async function setUserOrganization(db: DbOrTx, userId: string, organizationId: string | null): Promise<void> {
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
async function approve(db: DbOrTx, userId: string): Promise<boolean> {
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
async function onboardingNames(db: DbOrTx, userId: string) {
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
async function decline(db: Db, userId: string): Promise<{ declined: boolean }> {
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
async function otherApprovedOwners(db: Db, organizationId: string | null, exceptUserId: string): Promise<number> {
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

/** The id and name of each of these organisations (those that exist), by name. */
async function organizationRefs(db: DbOrTx, organizationIds: string[]) {
  const ids = [...new Set(organizationIds)];
  if (!ids.length) return [];
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, ids))
    .orderBy(asc(organizations.name));
}

/** Creates or moves the profile of an account better-auth has just created. */
async function upsertProfile(db: DbOrTx, userId: string, organizationId: string | null): Promise<void> {
  await db
    .insert(userProfiles)
    .values({ id: userId, organizationId })
    .onConflictDoUpdate({ target: userProfiles.id, set: { organizationId, updatedAt: new Date() } });
}

/**
 * User and role queries of the administration screens (docs/RULES.md, Administration). The list takes
 * the organisation a manager may see (null: all, for an admin); a lookup by id is checked by the service
 * with `assertManagesUser`, so another organisation's user reads as missing.
 */
export function userRepository(db: Db) {
  return {
    members: (organizationId: string, tx: DbOrTx = db) => members(tx, organizationId),
    page: (filter: UserListFilter, slice: Slice, tx: DbOrTx = db) => pageUsers(tx, filter, slice),
    applicants: (organizationId: string | null, limit: number, tx: DbOrTx = db) =>
      applicants(tx, organizationId, limit),
    find: (userId: string, tx: DbOrTx = db) => findUser(tx, userId),
    roles: (tx: DbOrTx = db) => listRoles(tx),
    upsertProfile: (userId: string, organizationId: string | null, tx: DbOrTx = db) =>
      upsertProfile(tx, userId, organizationId),
    assignRole: (userId: string, role: RoleName) => assignRole(db, userId, role),
    removeRole: (userId: string, role: RoleName, tx: DbOrTx = db) => removeRole(tx, userId, role),
    setOrganization: (userId: string, organizationId: string | null, tx: DbOrTx = db) =>
      setUserOrganization(tx, userId, organizationId),
    approve: (userId: string, tx: DbOrTx = db) => approve(tx, userId),
    decline: (userId: string) => decline(db, userId),
    onboardingNames: (userId: string, tx: DbOrTx = db) => onboardingNames(tx, userId),
    otherApprovedOwners: (organizationId: string | null, exceptUserId: string, tx: DbOrTx = db) =>
      otherApprovedOwners(tx, organizationId, exceptUserId),
    organizationRefs: (organizationIds: string[], tx: DbOrTx = db) => organizationRefs(tx, organizationIds),
  };
}

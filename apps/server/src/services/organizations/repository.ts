import { and, asc, count, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import type { Organization, OrganizationDeletion, OrganizationList } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  campaignGoals,
  campaigns,
  donorChanges,
  donorGroups,
  donorImportBatches,
  donors,
  issues,
  organizations,
  roles,
  savedDonorGroups,
  stages,
  userActions,
  userProfiles,
  userRoles,
} from "../../db/schema.ts";
import {
  countCampaigns,
  countDonors,
  countsByOrganization,
  deleteOrganizationData,
} from "../dashboards/tenant-figures.ts";
import { containsPattern } from "../../lib/like.ts";
import { removeOrganizationRoles } from "../users/repository.ts";

/**
 * One page of the organisations whose name contains `q` (any case), by name, each with its user, donor
 * and campaign counts; the exact number that match; and the System Overview totals of all of them.
 */
async function listOrganizations(
  db: DbOrTx,
  query: { q?: string; offset: number; limit: number },
): Promise<Omit<OrganizationList, "page" | "pageSize">> {
  const where = query.q ? ilike(organizations.name, containsPattern(query.q)) : undefined;
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      createdAt: organizations.createdAt,
      updatedAt: organizations.updatedAt,
    })
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(query.limit)
    .offset(query.offset);
  const [matching] = await db.select({ n: count() }).from(organizations).where(where);
  const ids = rows.map((r) => r.id);
  // The page's counts, grouped in one statement each (not two statements per organisation).
  const userCounts = ids.length
    ? await db
        .select({ organizationId: userProfiles.organizationId, n: count() })
        .from(userProfiles)
        .where(inArray(userProfiles.organizationId, ids))
        .groupBy(userProfiles.organizationId)
    : [];
  const usersByOrg = new Map(userCounts.map((r) => [r.organizationId, Number(r.n)]));
  const counts = await countsByOrganization(db, ids);
  const list: Organization[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    userCount: usersByOrg.get(r.id) ?? 0,
    donorCount: counts.donors.get(r.id) ?? 0,
    campaignCount: counts.campaigns.get(r.id) ?? 0,
  }));
  const [allUsers] = await db.select({ n: count() }).from(userProfiles);
  return {
    organizations: list,
    total: Number(matching?.n ?? 0),
    totals: {
      users: Number(allUsers?.n ?? 0),
      donors: await countDonors(db, null),
      campaigns: await countCampaigns(db, { organizationId: null }),
    },
  };
}

/** Every organisation's id and name, by name (the admin's pickers). */
const organizationNames = (db: DbOrTx) =>
  db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .orderBy(asc(organizations.name), asc(organizations.id));

/**
 * Everything deleting the organisation removes, counted along the schema's cascade (issue 11):
 * donors (their stage records, change history and group memberships go with them), campaigns and
 * their goals, donor groups, saved filter groups, CSV imports (with their reports), support issues.
 * Users are detached; action history rows stay (organisation set to null).
 */
async function deletionFigures(db: DbOrTx, organizationId: string): Promise<OrganizationDeletion> {
  const n = async (table: Parameters<DbOrTx["$count"]>[0], column: Parameters<typeof eq>[0]) =>
    Number(await db.$count(table, eq(column, organizationId)));
  return {
    detachedUsers: await n(userProfiles, userProfiles.organizationId),
    deletedDonors: await n(donors, donors.organizationId),
    deletedCampaigns: await n(campaigns, campaigns.organizationId),
    deletedCampaignGoals: await n(campaignGoals, campaignGoals.organizationId),
    deletedStageRecords: await n(stages, stages.organizationId),
    deletedDonorGroups: await n(donorGroups, donorGroups.organizationId),
    deletedSavedGroups: await n(savedDonorGroups, savedDonorGroups.organizationId),
    deletedImports: await n(donorImportBatches, donorImportBatches.organizationId),
    deletedChangeHistory: await n(donorChanges, donorChanges.organizationId),
    deletedSupportIssues: await n(issues, issues.organizationId),
    keptActionHistory: await n(userActions, userActions.organizationId),
  };
}

/**
 * Deletes an organisation and everything the preview lists, in one transaction; its users are detached:
 * they keep their accounts, lose their organisation roles and go back to onboarding status pending (an
 * admin keeps admin and stays approved). Answers the figures counted inside the transaction.
 */
async function deleteCascade(db: Db, id: string): Promise<OrganizationDeletion> {
  return db.transaction(async (tx) => {
    const inside = await deletionFigures(tx, id);
    const members = (
      await tx.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.organizationId, id))
    ).map((m) => m.id);
    const admins = new Set(
      members.length
        ? (
            await tx
              .select({ id: userRoles.userId })
              .from(userRoles)
              .innerJoin(roles, eq(roles.id, userRoles.roleId))
              .where(and(eq(roles.name, "admin"), inArray(userRoles.userId, members)))
          ).map((r) => r.id)
        : [],
    );
    await deleteOrganizationData(tx, id);
    await removeOrganizationRoles(tx, members);
    const nonAdmins = members.filter((m) => !admins.has(m));
    if (nonAdmins.length) {
      await tx.update(userProfiles).set({ onboardingStatus: "pending" }).where(inArray(userProfiles.id, nonAdmins));
    }
    await tx
      .update(userProfiles)
      .set({ organizationId: null, updatedAt: new Date() })
      .where(eq(userProfiles.organizationId, id));
    // Support issues, groups, imports, stage records… go by the foreign keys' ON DELETE CASCADE.
    await tx.delete(organizations).where(eq(organizations.id, id));
    return inside;
  });
}

/**
 * Organisations: does one exist and what is it called (as other resources need them), and the
 * administration screens' list, create, rename and delete (docs/RULES.md, Administration).
 * Organisations are the tenants themselves, so their methods take the organisation's id.
 */
export function organizationRepository(db: Db) {
  return {
    /** How many organisations the installation holds. */
    async count(tx: DbOrTx = db): Promise<number> {
      return Number(await tx.$count(organizations));
    },

    async exists(organizationId: string, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return rows.length > 0;
    },
    async nameOf(organizationId: string, tx: DbOrTx = db): Promise<string | null> {
      const [row] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.name ?? null;
    },
    async find(organizationId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
      return row ?? null;
    },
    /** Organisations ordered by name with their user, donor and campaign counts, and the totals. */
    list: (query: { q?: string; offset: number; limit: number }, tx: DbOrTx = db) => listOrganizations(tx, query),
    names: (tx: DbOrTx = db) => organizationNames(tx),
    /** Whether another organisation (not `exceptId`) has this name, ignoring case. */
    async nameTaken(name: string, exceptId?: string, tx: DbOrTx = db): Promise<boolean> {
      const clash = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(
          and(
            sql`lower(${organizations.name}) = lower(${name})`,
            exceptId ? ne(organizations.id, exceptId) : undefined,
          ),
        );
      return clash.length > 0;
    },
    async insert(name: string, tx: DbOrTx = db) {
      const [row] = await tx.insert(organizations).values({ name }).returning();
      return row!;
    },
    async rename(organizationId: string, name: string, tx: DbOrTx = db) {
      const [row] = await tx
        .update(organizations)
        .set({ name, updatedAt: new Date() })
        .where(eq(organizations.id, organizationId))
        .returning();
      return row!;
    },
    deletionFigures: (organizationId: string, tx: DbOrTx = db) => deletionFigures(tx, organizationId),
    deleteCascade: (organizationId: string) => deleteCascade(db, organizationId),
  };
}
export type OrganizationRepository = ReturnType<typeof organizationRepository>;

import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type {
  Organization,
  OrganizationDeletePreview,
  OrganizationDeletion,
  OrganizationList,
} from "@cultivate/shared";
import { organizationDeletionLines, organizationNameTakenMessage } from "@cultivate/shared";
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
import { removeOrganizationRoles } from "./users.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { countCampaigns, countDonors, deleteOrganizationData } from "./tenant-figures.ts";

/** Organisations ordered by name, each with its user, donor and campaign counts, and the totals. */
export async function listOrganizations(db: Db): Promise<OrganizationList> {
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      createdAt: organizations.createdAt,
      updatedAt: organizations.updatedAt,
    })
    .from(organizations)
    .orderBy(asc(organizations.name));
  const userCounts = await db
    .select({ organizationId: userProfiles.organizationId, n: count() })
    .from(userProfiles)
    .groupBy(userProfiles.organizationId);
  const usersByOrg = new Map(userCounts.map((r) => [r.organizationId, Number(r.n)]));
  const list: Organization[] = [];
  for (const r of rows) {
    list.push({
      id: r.id,
      name: r.name,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      userCount: usersByOrg.get(r.id) ?? 0,
      donorCount: await countDonors(db, r.id),
      campaignCount: await countCampaigns(db, { organizationId: r.id }),
    });
  }
  const [allUsers] = await db.select({ n: count() }).from(userProfiles);
  return {
    organizations: list,
    totals: {
      users: Number(allUsers?.n ?? 0),
      donors: await countDonors(db, null),
      campaigns: await countCampaigns(db, { organizationId: null }),
    },
  };
}

async function assertNameFree(db: Db, name: string, exceptId?: string) {
  const clash = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(sql`lower(${organizations.name}) = lower(${name})`, exceptId ? ne(organizations.id, exceptId) : undefined),
    );
  if (clash.length) throw conflict(organizationNameTakenMessage(name));
}

/** The unique index is the final word when two requests race; its violation is reported the same way. */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

export async function createOrganization(db: Db, name: string) {
  await assertNameFree(db, name);
  try {
    const [row] = await db.insert(organizations).values({ name }).returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(organizationNameTakenMessage(name));
    throw err;
  }
}

export async function renameOrganization(db: Db, id: string, name: string) {
  const [existing] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!existing) throw notFound("Organization not found.");
  if (existing.name === name) return existing;
  await assertNameFree(db, name, id);
  try {
    const [row] = await db
      .update(organizations)
      .set({ name, updatedAt: new Date() })
      .where(eq(organizations.id, id))
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(organizationNameTakenMessage(name));
    throw err;
  }
}

/**
 * Everything deleting the organisation removes, counted along the schema's cascade (issue 11):
 * donors (their stage records, change history and group memberships go with them), campaigns and
 * their goals, donor groups, saved filter groups, CSV imports (with their reports), support issues.
 * Users are detached; action history rows stay (organisation set to null).
 */
export async function deletionFigures(db: DbOrTx, organizationId: string): Promise<OrganizationDeletion> {
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

export async function deletePreview(db: Db, id: string): Promise<OrganizationDeletePreview> {
  const [existing] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  if (!existing) throw notFound("Organization not found.");
  return { organization: existing, ...(await deletionFigures(db, id)) };
}

/**
 * Deletes an organisation. While it still has anything (users, donors, campaigns, groups, imports,
 * issues…) it is refused (409, listing what would go) unless `cascade` is set: then everything the
 * preview lists is deleted, in one transaction, and its users are detached: they keep their accounts,
 * lose their organisation roles and go back to onboarding status pending, so the onboarding path is
 * open to them again (an admin keeps admin and stays approved).
 */
export async function deleteOrganization(db: Db, id: string, cascade: boolean): Promise<OrganizationDeletion> {
  const [existing] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!existing) throw notFound("Organization not found.");
  const figures = await deletionFigures(db, id);
  const { keptActionHistory: _kept, ...removed } = figures;
  if (!cascade && Object.values(removed).some((v) => v > 0)) {
    throw conflict(
      `"${existing.name}" still has data. Deleting it removes: ${organizationDeletionLines(figures).join("; ")}. ` +
        `Confirm the cascade to delete it.`,
    );
  }
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

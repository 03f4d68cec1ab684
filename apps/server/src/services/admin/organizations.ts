import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Organization, OrganizationList } from "@cultivate/shared";
import { organizationNameTakenMessage } from "@cultivate/shared";
import type { Db } from "../../db/client.ts";
import { organizations, userProfiles } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { countCampaigns, countDonors, deleteOrganizationData } from "./tenant-figures.ts";

/** Organisations ordered by name, each with its user, donor and campaign counts, and the totals. */
export async function listOrganizations(db: Db): Promise<OrganizationList> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt, updatedAt: organizations.updatedAt })
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
    .where(and(sql`lower(${organizations.name}) = lower(${name})`, exceptId ? ne(organizations.id, exceptId) : undefined));
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
    const [row] = await db.update(organizations).set({ name, updatedAt: new Date() }).where(eq(organizations.id, id)).returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(organizationNameTakenMessage(name));
    throw err;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Deletes an organisation. While it still has users, donors or campaigns it is refused (409) unless
 * `cascade` is set: then its donors and campaigns are deleted and its users are detached (they keep
 * their accounts, with no organisation), all in one transaction.
 */
export async function deleteOrganization(db: Db, id: string, cascade: boolean) {
  const [existing] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!existing) throw notFound("Organization not found.");
  const [u] = await db.select({ n: count() }).from(userProfiles).where(eq(userProfiles.organizationId, id));
  const usersCount = Number(u?.n ?? 0);
  const donors = await countDonors(db, id);
  const campaigns = await countCampaigns(db, { organizationId: id });
  if (!cascade && usersCount + donors + campaigns > 0) {
    throw conflict(
      `"${existing.name}" still has ${plural(usersCount, "user")}, ${plural(donors, "donor")} and ${plural(campaigns, "campaign")}. ` +
        `Confirm the cascade to delete its donors and campaigns and detach its users.`,
    );
  }
  return db.transaction(async (tx) => {
    const removed = await deleteOrganizationData(tx, id);
    const detached = await tx
      .update(userProfiles)
      .set({ organizationId: null, updatedAt: new Date() })
      .where(eq(userProfiles.organizationId, id))
      .returning({ id: userProfiles.id });
    await tx.delete(organizations).where(eq(organizations.id, id));
    return { detachedUsers: detached.length, deletedDonors: removed.donors, deletedCampaigns: removed.campaigns };
  });
}

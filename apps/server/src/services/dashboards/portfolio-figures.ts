import { and, asc, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { donors } from "../../db/schema.ts";

/**
 * The portfolio figures of the owner's dashboard (issue 15; docs/RULES.md, Portfolios), always of one
 * organisation: donors and total Estimated Capacity per relationship manager (null = unassigned), and the
 * unassigned donors with the highest capacity. Both read donors_org_relationship_manager_idx.
 */
export async function portfolioSizes(
  db: DbOrTx,
  organizationId: string,
): Promise<{ managerId: string | null; donors: number; capacity: number }[]> {
  const rows = await db
    .select({
      managerId: donors.relationshipManagerId,
      donors: count(),
      capacity: sql<string>`coalesce(sum(${donors.estimatedCapacity}), 0)`,
    })
    .from(donors)
    .where(eq(donors.organizationId, organizationId))
    .groupBy(donors.relationshipManagerId);
  return rows.map((r) => ({ managerId: r.managerId, donors: Number(r.donors), capacity: Number(r.capacity) }));
}

export async function topUnassigned(db: DbOrTx, organizationId: string, limit: number) {
  const rows = await db
    .select({
      id: donors.id,
      firstName: donors.firstName,
      lastName: donors.lastName,
      estimatedCapacity: donors.estimatedCapacity,
    })
    .from(donors)
    .where(
      and(
        eq(donors.organizationId, organizationId),
        isNull(donors.relationshipManagerId),
        isNotNull(donors.estimatedCapacity),
      ),
    )
    .orderBy(desc(donors.estimatedCapacity), asc(donors.lastNameKey), asc(donors.firstNameKey), asc(donors.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    estimatedCapacity: r.estimatedCapacity === null ? null : Number(r.estimatedCapacity),
  }));
}

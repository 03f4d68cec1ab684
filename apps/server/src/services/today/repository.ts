import { and, asc, count, desc, eq, isNotNull, lt, or, isNull, sql, type SQL } from "drizzle-orm";
import { STAGE_FILTER_COMPLETE } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { donors, organizations, stages, users } from "../../db/schema.ts";
import { stageDaysSql } from "../dashboards/tenant-figures.ts";
import { personName } from "../users/person-name.ts";

/**
 * The officer's day lists (issue 15; docs/RULES.md, The officer's day), always of one organisation and
 * either one relationship manager's donors (`managerId`) or all of them (undefined).
 */
export type TodayScope = { organizationId: string; managerId?: string; limit: number };

const donorName = sql<string>`coalesce(nullif(concat_ws(' ', ${donors.firstName}, ${donors.lastName}), ''), 'Unnamed donor')`;
const base = {
  id: donors.id,
  organizationId: donors.organizationId,
  name: donorName,
  estimatedCapacity: donors.estimatedCapacity,
  managerId: donors.relationshipManagerId,
  managerEmail: users.email,
  managerName: personName(donors.relationshipManagerId),
};
export type TodayDonorRow = {
  id: string;
  organizationId: string;
  name: string;
  estimatedCapacity: string | number | null;
  managerId: string | null;
  managerEmail: string | null;
  managerName: string | null;
};

const mine = (q: TodayScope): SQL[] => [
  eq(donors.organizationId, q.organizationId),
  ...(q.managerId ? [eq(donors.relationshipManagerId, q.managerId)] : []),
];

const noStage = sql`NOT EXISTS (SELECT 1 FROM ${stages} WHERE ${stages.donorId} = ${donors.id})`;

export function todayRepository(db: Db) {
  return {
    async noContactDays(organizationId: string, tx: DbOrTx = db): Promise<number | null> {
      const [row] = await tx
        .select({ n: organizations.noContactDays })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row ? row.n : null;
    },

    async setNoContactDays(organizationId: string, days: number, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(organizations)
        .set({ noContactDays: days, updatedAt: new Date() })
        .where(eq(organizations.id, organizationId));
    },

    /**
     * Donors last contacted before `before` (YYYY-MM-DD) or never: never-contacted first, then the
     * longest ago (reads donors_org_last_contact_idx).
     */
    async noContact(q: TodayScope & { before: string }, tx: DbOrTx = db) {
      const where = and(...mine(q), or(isNull(donors.lastContactDate), lt(donors.lastContactDate, q.before)));
      const [items, [total]] = await Promise.all([
        tx
          .select({ ...base, lastContactDate: donors.lastContactDate })
          .from(donors)
          .leftJoin(users, eq(users.id, donors.relationshipManagerId))
          .where(where)
          .orderBy(
            sql`${donors.lastContactDate} asc nulls first`,
            desc(donors.estimatedCapacity),
            asc(donors.lastNameKey),
            asc(donors.id),
          )
          .limit(q.limit),
        tx.select({ n: count() }).from(donors).where(where),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    /**
     * Donors with a capacity and no stage record at all (their plan has not begun: not yet in
     * Discovery), highest capacity first.
     */
    async notStarted(q: TodayScope, tx: DbOrTx = db) {
      const where = and(...mine(q), isNotNull(donors.estimatedCapacity), noStage);
      const [items, [total]] = await Promise.all([
        tx
          .select(base)
          .from(donors)
          .leftJoin(users, eq(users.id, donors.relationshipManagerId))
          .where(where)
          .orderBy(desc(donors.estimatedCapacity), asc(donors.lastNameKey), asc(donors.firstNameKey), asc(donors.id))
          .limit(q.limit),
        tx.select({ n: count() }).from(donors).where(where),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    /**
     * Donors whose days in their current stage exceed the organisation's median for that stage (the
     * pipeline's rule and median, over all the organisation's donors) by at least a whole day (so donors
     * imported together do not show for being seconds older than the median); Complete left out; the
     * furthest over the median first.
     */
    async longInStage(q: TodayScope, tx: DbOrTx = db) {
      const found = await tx.execute(sql`
        with cur as (${stageDaysSql(q.organizationId)}),
        med as (
          select stage, percentile_cont(0.5) within group (order by days) as median
            from cur group by stage
        ),
        late as (
          select cur.id, cur.stage, cur.days, med.median
            from cur join med on med.stage = cur.stage
           where cur.stage <> ${STAGE_FILTER_COMPLETE} and cur.days >= med.median + 1
             ${q.managerId ? sql`and cur.manager = ${q.managerId}` : sql``}
        )
        select late.id, ${donors.organizationId} as "organizationId", ${donorName} as name,
               ${donors.estimatedCapacity} as "estimatedCapacity", ${donors.relationshipManagerId} as "managerId",
               ${users.email} as "managerEmail", ${personName(donors.relationshipManagerId)} as "managerName",
               late.stage, late.days, late.median, count(*) over () as total
          from late
          join ${donors} on ${donors.id} = late.id
          left join ${users} on ${users.id} = ${donors.relationshipManagerId}
         order by late.days - late.median desc, late.id
         limit ${q.limit}`);
      const rows = rowsOf<TodayDonorRow & { stage: string; days: unknown; median: unknown; total: unknown }>(found);
      return { items: rows, total: Number(rows[0]?.total ?? 0) };
    },
  };
}

import { and, countDistinct, count, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PipelineStage } from "@cultivate/shared";
import { STAGES } from "@cultivate/shared";
import type { DbOrTx } from "../../db/client.ts";
import { campaignGoals, campaigns, donors, organizations, stagePrompts, userProfiles } from "../../db/schema.ts";
import { prepared } from "../../db/prepared.ts";
import { currentStageOfDoneSql } from "../donors/current-stage.ts";
import { storedDonorCount, storedDonorCounts } from "../donors/list-sql.ts";

/**
 * Figures that come from other issues' tables (donors: issue 3; campaigns, stage prompts: issue 4).
 * Everything the administration screens read from those tables goes through this one file.
 *
 * Every figure is filtered by organisation (or, for the admin's System Overview, deliberately not).
 * "Active" campaigns are the ones not archived; an officer's donors are the donors with a campaign
 * goal in a campaign the officer owns that is not archived.
 */

// Kept by the donors table's triggers (ADR 051), not counted row by row.
const donorCount = storedDonorCount;

type CampaignFilter = { organizationId: string | null; activeOnly?: boolean; ownerUserId?: string };
const campaignCount = (db: DbOrTx, filter: CampaignFilter) =>
  db
    .select({ n: count() })
    .from(campaigns)
    .where(
      and(
        filter.organizationId ? eq(campaigns.organizationId, filter.organizationId) : undefined,
        filter.activeOnly ? eq(campaigns.isArchived, false) : undefined,
        filter.ownerUserId ? eq(campaigns.ownerUserId, filter.ownerUserId) : undefined,
      ),
    );

const donorsInCampaignsOf = (db: DbOrTx, organizationId: string, ownerUserId: string) =>
  db
    .select({ n: countDistinct(campaignGoals.donorId) })
    .from(campaignGoals)
    .innerJoin(campaigns, eq(campaigns.id, campaignGoals.campaignId))
    .where(
      and(
        eq(campaigns.organizationId, organizationId),
        eq(campaignGoals.organizationId, organizationId),
        eq(campaigns.ownerUserId, ownerUserId),
        eq(campaigns.isArchived, false),
      ),
    );

const userCount = (db: DbOrTx, organizationId: string) =>
  db.select({ n: count() }).from(userProfiles).where(eq(userProfiles.organizationId, organizationId));

/** Donor records, of one organisation or (null) of all. */
export async function countDonors(db: DbOrTx, organizationId: string | null): Promise<number> {
  const [row] = await donorCount(db, organizationId);
  return Number(row?.n ?? 0);
}

/**
 * Donor records and campaigns of these organisations, for the organisation list (one grouped statement
 * each rather than two per organisation): organisation id → count; organisations without any are absent.
 */
export async function countsByOrganization(
  db: DbOrTx,
  organizationIds: string[],
): Promise<{ donors: Map<string, number>; campaigns: Map<string, number> }> {
  if (!organizationIds.length) return { donors: new Map(), campaigns: new Map() };
  const donorRows = await storedDonorCounts(db, organizationIds);
  const campaignRows = await db
    .select({ organizationId: campaigns.organizationId, n: count() })
    .from(campaigns)
    .where(inArray(campaigns.organizationId, organizationIds))
    .groupBy(campaigns.organizationId);
  return {
    donors: new Map(donorRows.map((r) => [r.organizationId, Number(r.n)])),
    campaigns: new Map(campaignRows.map((r) => [r.organizationId, Number(r.n)])),
  };
}

/** Campaigns of one organisation or all; `activeOnly` leaves out archived ones; `ownerUserId` narrows to one officer's. */
export async function countCampaigns(db: DbOrTx, filter: CampaignFilter): Promise<number> {
  const [row] = await campaignCount(db, filter);
  return Number(row?.n ?? 0);
}

export type OrganizationFigures = {
  activeCampaigns: number;
  totalDonors: number;
  users: number;
  /** With `ownerUserId`: that officer's campaigns (active, all) and the donors in their active ones. */
  own: { activeCampaigns: number; campaigns: number; donors: number } | null;
};

/**
 * The owner's and officer's dashboard cards in one prepared statement (one round trip instead of five):
 * each figure is the same query as its function above, as a scalar subquery, read on the organisation's row.
 */
const figuresQuery = (db: DbOrTx, officer: boolean) => {
  const organizationId = sql.placeholder("organizationId") as unknown as string;
  const ownerUserId = sql.placeholder("ownerUserId") as unknown as string;
  const scalar = (q: SQLWrapper) => sql<number>`(${q})`.mapWith(Number);
  return db
    .select({
      activeCampaigns: scalar(campaignCount(db, { organizationId, activeOnly: true })),
      totalDonors: scalar(donorCount(db, organizationId)),
      users: scalar(userCount(db, organizationId)),
      ownActive: officer
        ? scalar(campaignCount(db, { organizationId, activeOnly: true, ownerUserId }))
        : sql<null>`NULL`,
      ownAll: officer ? scalar(campaignCount(db, { organizationId, ownerUserId })) : sql<null>`NULL`,
      ownDonors: officer ? scalar(donorsInCampaignsOf(db, organizationId, ownerUserId)) : sql<null>`NULL`,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
};
const ownerFigures = prepared((db) => figuresQuery(db, false).prepare("cultivate_owner_figures"));
const officerFigures = prepared((db) => figuresQuery(db, true).prepare("cultivate_officer_figures"));

export async function organizationFigures(
  db: DbOrTx,
  organizationId: string,
  ownerUserId?: string,
): Promise<OrganizationFigures> {
  const [row] = ownerUserId
    ? await officerFigures(db).execute({ organizationId, ownerUserId })
    : await ownerFigures(db).execute({ organizationId });
  return {
    activeCampaigns: row?.activeCampaigns ?? 0,
    totalDonors: row?.totalDonors ?? 0,
    users: row?.users ?? 0,
    own: ownerUserId
      ? { activeCampaigns: row?.ownActive ?? 0, campaigns: row?.ownAll ?? 0, donors: row?.ownDonors ?? 0 }
      : null,
  };
}

/** Stage prompts configured (the admin dashboard's System Overview). */
export async function countStagePrompts(db: DbOrTx): Promise<number> {
  return db.$count(stagePrompts);
}

/**
 * Each donor of an organisation with its current stage and the days it has spent in it (docs/RULES.md,
 * Engagement stages and Dashboards): the first stage not done; days from the newest stage entry, or from
 * the donor's creation when there is none. The organisation's stage entries are aggregated first (few
 * rows), then joined to its donors by hash: no sort of every donor by id, which at 100k donors spilled
 * to disk. Columns: id, manager (relationship_manager_id), stage, days. Used by the pipeline's medians
 * and by the officer's day ("longer in stage than usual", services/today).
 */
export const stageDaysSql = (organizationId: unknown, filter: SQL = sql``): SQL => sql`
    with st as (
      select s.donor_id, array_agg(distinct s.stage_name) as done, max(s.created_at) as last_at
        from stages s
       where s.organization_id = ${organizationId}
       group by s.donor_id
    )
    select d.id, d.relationship_manager_id as manager, ${currentStageOfDoneSql(sql`st.done`)} as stage,
           extract(epoch from (now() - coalesce(st.last_at, d.created_at))) / 86400.0 as days
      from donors d
      left join st on st.donor_id = d.id
     where d.organization_id = ${organizationId} ${filter}`;

/**
 * The pipeline statement (see `pipeline`), prepared in two shapes: the organisation's donors, or one
 * officer's campaign donors.
 */
const pipelineQuery = (db: DbOrTx, officer: boolean) => {
  const organizationId = sql.placeholder("organizationId");
  const officerFilter = officer
    ? sql`and d.id in (select cg.donor_id from campaign_goals cg join campaigns c on c.id = cg.campaign_id
                        where c.organization_id = ${organizationId} and c.owner_user_id = ${sql.placeholder("ownerUserId")}
                          and c.is_archived = false)`
    : sql``;
  const cur = sql`(${stageDaysSql(organizationId, officerFilter)}) as cur`;
  return db
    .select({
      stage: sql<string>`cur.stage`,
      donors: sql<number>`count(*)`.mapWith(Number),
      median: sql<number | null>`percentile_cont(0.5) within group (order by cur.days)`.mapWith(Number),
    })
    .from(cur)
    .groupBy(sql`cur.stage`);
};
const ownerPipeline = prepared((db) => pipelineQuery(db, false).prepare("cultivate_owner_pipeline"));
const officerPipeline = prepared((db) => pipelineQuery(db, true).prepare("cultivate_officer_pipeline"));

/**
 * Donors per current engagement stage with the median days they have spent in it (docs/RULES.md, Engagement stages and Dashboards: the
 * current stage is the first not yet done; time in it counts from the newest stage entry, or from
 * the donor's creation when there is none). Owner: the organisation's donors; officer: donors of
 * their non-archived campaigns. One aggregate query; no donor rows leave the database.
 */
export async function pipeline(
  db: DbOrTx,
  scope: { organizationId: string; ownerUserId?: string },
): Promise<PipelineStage[]> {
  const empty = () =>
    [...STAGES, "Complete"].map((stage) => ({ stage, donors: 0, medianDaysInStage: null as number | null }));
  const rows = await (scope.ownerUserId ? officerPipeline : ownerPipeline)(db).execute({
    organizationId: scope.organizationId,
    ownerUserId: scope.ownerUserId ?? null,
  });
  const byStage = new Map(rows.map((r) => [r.stage, r]));
  return empty().map((e) => {
    const r = byStage.get(e.stage);
    if (!r) return e;
    return {
      stage: e.stage,
      donors: Number(r.donors),
      medianDaysInStage: r.median === null ? null : Math.round(Number(r.median) * 10) / 10,
    };
  });
}

/** Removes an organisation's donors and campaigns before the organisation itself (the confirmed cascade). */
export async function deleteOrganizationData(
  tx: DbOrTx,
  organizationId: string,
): Promise<{ donors: number; campaigns: number }> {
  const nCampaigns = await countCampaigns(tx, { organizationId });
  const nDonors = await countDonors(tx, organizationId);
  // Campaigns first (their goals cascade), then donors (their stages, notes and memberships cascade).
  await tx.delete(campaigns).where(eq(campaigns.organizationId, organizationId));
  await tx.delete(donors).where(eq(donors.organizationId, organizationId));
  return { donors: nDonors, campaigns: nCampaigns };
}

import { count, eq, sql } from "drizzle-orm";
import type { PipelineStage } from "@cultivate/shared";
import { STAGES } from "@cultivate/shared";
import type { DbOrTx } from "../../db/client.ts";
import { donors } from "../../db/schema.ts";

/**
 * Figures that come from other issues' tables (donors: issue 3; campaigns, stage prompts: issue 4).
 * Everything the administration screens read from those tables goes through this one file.
 *
 * Donors and stages are wired. TODO(issue 4): the campaigns, campaign_goals and stage_prompts tables
 * were not in apps/server/src/db/schema.ts when this was written, so the campaign and prompt figures
 * answer 0 and the officer's pipeline (donors of their campaigns) is empty. Wire each function marked
 * TODO to its table when it lands; every caller already expects real numbers filtered by organisation.
 */

/** Donor records, of one organisation or (null) of all. */
export async function countDonors(db: DbOrTx, organizationId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(donors)
    .where(organizationId ? eq(donors.organizationId, organizationId) : undefined);
  return Number(row?.n ?? 0);
}

/** Campaigns of one organisation or all; `activeOnly` leaves out archived ones; `ownerUserId` narrows to one officer's. */
export async function countCampaigns(
  _db: DbOrTx,
  _filter: { organizationId: string | null; activeOnly?: boolean; ownerUserId?: string },
): Promise<number> {
  return 0; // TODO(issue 4): select count(*) from campaigns where … is_archived = false …
}

/** Distinct donors assigned to campaigns owned by this user (campaign goals). */
export async function countDonorsInCampaignsOf(_db: DbOrTx, _organizationId: string, _ownerUserId: string): Promise<number> {
  return 0; // TODO(issue 4): count(distinct donor_id) from campaign_goals join campaigns on owner_user_id
}

/** Stage prompts configured (the admin dashboard's System Overview). */
export async function countStagePrompts(_db: DbOrTx): Promise<number> {
  return 0; // TODO(issue 4): select count(*) from stage_prompts
}

/**
 * Donors per current engagement stage with the median days they have spent in it (part 2 §1: the
 * current stage is the first not yet done; time in it counts from the newest stage entry, or from
 * the donor's creation when there is none). Owner: the organisation's donors; officer: donors of
 * their campaigns.
 */
export async function pipeline(
  db: DbOrTx,
  scope: { organizationId: string; ownerUserId?: string },
): Promise<PipelineStage[]> {
  const empty = () => [...STAGES, "Complete"].map((stage) => ({ stage, donors: 0, medianDaysInStage: null as number | null }));
  // TODO(issue 4): an officer's pipeline is the donors of their campaigns (campaign_goals join
  // campaigns on owner_user_id); until campaigns land the officer has none.
  if (scope.ownerUserId) return empty();
  const stageCase = STAGES.map((name) => sql`when not (${name} = any(coalesce(p.done, '{}'::text[]))) then ${name}`);
  type Row = { stage: string; donors: number | string; median: number | string | null };
  const result: unknown = await db.execute(sql`
    with p as (
      select d.id, d.created_at,
             array_agg(distinct s.stage_name) filter (where s.stage_name is not null) as done,
             max(s.created_at) as last_at
        from donors d
        left join stages s on s.donor_id = d.id and s.organization_id = d.organization_id
       where d.organization_id = ${scope.organizationId}
       group by d.id, d.created_at
    ), cur as (
      select case ${sql.join(stageCase, sql` `)} else 'Complete' end as stage,
             extract(epoch from (now() - coalesce(p.last_at, p.created_at))) / 86400.0 as days
        from p
    )
    select stage, count(*) as donors, percentile_cont(0.5) within group (order by days) as median
      from cur group by stage`);
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as { rows: Row[] }).rows;
  const byStage = new Map(rows.map((r) => [r.stage, r]));
  return empty().map((e) => {
    const r = byStage.get(e.stage);
    if (!r) return e;
    return { stage: e.stage, donors: Number(r.donors), medianDaysInStage: r.median === null ? null : Math.round(Number(r.median) * 10) / 10 };
  });
}

/** Removes an organisation's donors and campaigns before the organisation itself (the confirmed cascade). */
export async function deleteOrganizationData(tx: DbOrTx, organizationId: string): Promise<{ donors: number; campaigns: number }> {
  // TODO(issue 4): delete from campaigns where organization_id = $1 (before the donors).
  const n = await countDonors(tx, organizationId);
  await tx.delete(donors).where(eq(donors.organizationId, organizationId));
  return { donors: n, campaigns: 0 };
}

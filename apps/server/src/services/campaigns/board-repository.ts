import { and, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import { BOARD_UNASSIGNED, type BoardColumn } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import { campaignGoals, donors, stages, users } from "../../db/schema.ts";
import { currentStageSql } from "../donors/current-stage.ts";
import { personName } from "../users/person-name.ts";
import type { NewStageRecord } from "../stages/repository.ts";

/**
 * The pipeline board's reads and its one write (issue 15; docs/RULES.md, Pipeline board), always by the
 * campaign's organisation. A card's column is the shared current-stage rule in its SQL form, as indexed
 * probes of the donor's stage records (currentStageSql: cheap whatever the planner's statistics say, ADR
 * 078); its days in stage count as pipeline() counts them (apps/server/src/services/dashboards/tenant-figures.ts).
 */
const stage = sql<BoardColumn>`${currentStageSql}`;

const cardColumns = (organizationId: string) => {
  const mine = sql`${stages.donorId} = ${donors.id} and ${stages.organizationId} = ${organizationId}`;
  return {
    donorId: donors.id,
    name: sql<string>`coalesce(nullif(concat_ws(' ', ${donors.firstName}, ${donors.lastName}), ''), 'Unnamed donor')`,
    estimatedCapacity: donors.estimatedCapacity,
    managerId: donors.relationshipManagerId,
    managerEmail: users.email,
    managerName: personName(donors.relationshipManagerId),
    stage,
    daysInStage: sql<number>`floor(extract(epoch from (now() - coalesce(
      (select max(${stages.createdAt}) from ${stages} where ${mine}), ${donors.createdAt}))) / 86400.0)::int`.mapWith(
      Number,
    ),
    nextStepDue: sql<string | null>`(select min(n.due_date)::text from next_steps n
      where n.donor_id = ${donors.id} and n.organization_id = ${organizationId} and n.status = 'open')`,
  };
};

/** `manager` as a condition: one portfolio, or the unassigned ("unassigned"); none for everyone. */
const managerFilter = (manager?: string) =>
  manager === undefined
    ? undefined
    : manager === BOARD_UNASSIGNED
      ? isNull(donors.relationshipManagerId)
      : eq(donors.relationshipManagerId, manager);

export function boardRepository(db: Db) {
  const inCampaign = (organizationId: string, campaignId: string, where: SQL | undefined) =>
    and(eq(campaignGoals.campaignId, campaignId), eq(campaignGoals.organizationId, organizationId), where);
  const cards = (tx: DbOrTx, organizationId: string, campaignId: string, where: SQL | undefined) =>
    tx
      .select(cardColumns(organizationId))
      .from(campaignGoals)
      .innerJoin(donors, and(eq(donors.id, campaignGoals.donorId), eq(donors.organizationId, organizationId)))
      .leftJoin(users, eq(users.id, donors.relationshipManagerId))
      .where(inCampaign(organizationId, campaignId, where));

  return {
    /**
     * The first `limit` cards of each column (of `stage` alone when given), the highest capacity first, each
     * with its column's count (`inColumn`); `manager` narrows to one portfolio or the unassigned. One
     * statement: every donor of the campaign gets its column, but only the cards shown get their details
     * (docs/decisions/078-board-columns-a-page-at-a-time.md).
     */
    columns(
      organizationId: string,
      campaignId: string,
      opts: { manager?: string; limit: number; stage?: BoardColumn },
      tx: DbOrTx = db,
    ) {
      const placed = tx
        .select({
          id: donors.id,
          // With the stages' array from a subquery in the rule's CASE, that subquery ran up to five times
          // per donor; from a grouped join, stale estimates had it aggregated again for every donor (42 s
          // for 11,000; ADR 078).
          stage: stage.as("stage"),
          estimatedCapacity: donors.estimatedCapacity,
          lastNameKey: donors.lastNameKey,
          firstNameKey: donors.firstNameKey,
        })
        .from(campaignGoals)
        .innerJoin(donors, and(eq(donors.id, campaignGoals.donorId), eq(donors.organizationId, organizationId)))
        .where(inCampaign(organizationId, campaignId, managerFilter(opts.manager)))
        .as("placed");
      const ranked = tx
        .select({
          id: placed.id,
          stage: placed.stage,
          rank: sql<number>`row_number() over (partition by ${placed.stage} order by ${placed.estimatedCapacity} desc nulls last, ${placed.lastNameKey}, ${placed.firstNameKey}, ${placed.id})`.as(
            "rank",
          ),
          inColumn: sql<number>`count(*) over (partition by ${placed.stage})::int`.as("in_column"),
        })
        .from(placed)
        .where(opts.stage ? sql`${placed.stage} = ${opts.stage}` : undefined)
        .as("ranked");
      return tx
        .select({ ...cardColumns(organizationId), stage: ranked.stage, inColumn: ranked.inColumn })
        .from(ranked)
        .innerJoin(donors, and(eq(donors.id, ranked.id), eq(donors.organizationId, organizationId)))
        .leftJoin(users, eq(users.id, donors.relationshipManagerId))
        .where(lte(ranked.rank, opts.limit))
        .orderBy(ranked.stage, ranked.rank);
    },

    /** One donor's card, or null when the donor is not in the campaign (or not of the organisation). */
    async card(organizationId: string, campaignId: string, donorId: string, tx: DbOrTx = db) {
      const [row] = await cards(tx, organizationId, campaignId, eq(donors.id, donorId));
      return row ?? null;
    },

    /** The relationship managers of the campaign's donors, and whether any donor has none (the filter's options). */
    async managers(organizationId: string, campaignId: string, tx: DbOrTx = db) {
      const rows = await tx
        .selectDistinct({
          id: donors.relationshipManagerId,
          email: users.email,
          name: personName(donors.relationshipManagerId),
        })
        .from(campaignGoals)
        .innerJoin(donors, and(eq(donors.id, campaignGoals.donorId), eq(donors.organizationId, organizationId)))
        .leftJoin(users, eq(users.id, donors.relationshipManagerId))
        .where(and(eq(campaignGoals.campaignId, campaignId), eq(campaignGoals.organizationId, organizationId)));
      return rows;
    },

    /**
     * Writes a person's stage record for `stage` only while it is still the donor's current stage: the donor
     * row is locked first, so two moves of the same card at once record the stage once. Answers the new
     * record's id, or null when the card has moved meanwhile.
     */
    async recordMove(
      organizationId: string,
      campaignId: string,
      donorId: string,
      stage: BoardColumn,
      values: Omit<NewStageRecord, "stageName" | "campaignId">,
      tx: Db = db,
    ): Promise<string | null> {
      return tx.transaction(async (t) => {
        await t
          .select({ id: donors.id })
          .from(donors)
          .where(and(eq(donors.id, donorId), eq(donors.organizationId, organizationId)))
          .for("update");
        const [now] = await cards(t, organizationId, campaignId, eq(donors.id, donorId));
        if (!now || now.stage !== stage || stage === "Complete") return null;
        const [row] = await t
          .insert(stages)
          .values({ ...values, stageName: stage, campaignId, donorId, organizationId })
          .returning({ id: stages.id });
        return row!.id;
      });
    },
  };
}
export type BoardRepository = ReturnType<typeof boardRepository>;
export type BoardCardRow = NonNullable<Awaited<ReturnType<BoardRepository["card"]>>>;

import { and, sql, type SQL } from "drizzle-orm";
import { STAGE_FILTER_COMPLETE, STAGES } from "@cultivate/shared";
import { donors, stages } from "../../db/schema.ts";

/**
 * The current-stage rule in SQL, the one form of `currentStage` (packages/shared/src/stages.ts) for queries
 * (docs/RULES.md, Engagement stages): the first of the five stages not done, else Complete. `isDone(stage)`
 * says, in the query's own terms, whether the donor has a record of that stage.
 * apps/server/test/current-stage.test.ts checks it against the TypeScript rule on both databases.
 */
export const currentStageCase = (isDone: (stage: string) => SQL): SQL =>
  sql`(CASE ${sql.join(
    STAGES.map((s) => sql`WHEN NOT (${isDone(s)}) THEN ${s}::text`),
    sql` `,
  )} ELSE ${STAGE_FILTER_COMPLETE}::text END)`;

const hasStage = (s: string) =>
  sql`EXISTS (SELECT 1 FROM ${stages} WHERE ${stages.donorId} = ${donors.id} AND ${stages.stageName} = ${s})`;

/** The current stage of the `donors` row in scope, as a value: one indexed lookup per stage (filters use currentStageIs). */
export const currentStageSql = currentStageCase(hasStage);

/**
 * "The `donors` row's current stage is `stage`" (the list's stage filter), as the same rule spelled out:
 * every stage before it done and it not done (Complete: all five done). As plain EXISTS / NOT EXISTS
 * conditions PostgreSQL can join the organisation's donors with the few stage entries (semi- and
 * anti-joins); `currentStageSql = stage` hid them in a CASE evaluated donor by donor, 0.5 s for a
 * stage nobody had reached at 100k donors. A name that is not a stage matches no donor.
 */
export function currentStageIs(stage: string): SQL {
  if (stage === STAGE_FILTER_COMPLETE) return and(...STAGES.map(hasStage))!;
  const k = (STAGES as readonly string[]).indexOf(stage);
  if (k < 0) return sql`false`;
  return and(...STAGES.slice(0, k).map(hasStage), sql`NOT ${hasStage(stage)}`)!;
}

/** The current stage from an array of the stage names done (null = none), e.g. `array_agg(stage_name)`. */
export const currentStageOfDoneSql = (done: SQL): SQL =>
  currentStageCase((s) => sql`${s}::text = any(coalesce(${done}, '{}'::text[]))`);

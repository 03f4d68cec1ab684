import { sql, type SQL } from "drizzle-orm";
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

/** The current stage of the `donors` row in scope (the list's stage filter): one indexed lookup per stage. */
export const currentStageSql = currentStageCase(
  (s) => sql`EXISTS (SELECT 1 FROM ${stages} WHERE ${stages.donorId} = ${donors.id} AND ${stages.stageName} = ${s})`,
);

/** The current stage from an array of the stage names done (null = none), e.g. `array_agg(stage_name)`. */
export const currentStageOfDoneSql = (done: SQL): SQL =>
  currentStageCase((s) => sql`${s}::text = any(coalesce(${done}, '{}'::text[]))`);

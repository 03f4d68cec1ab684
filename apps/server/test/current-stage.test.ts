import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { currentStage, STAGE_FILTER_COMPLETE, STAGES } from "@cultivate/shared";
import { donors, stages } from "../src/db/schema.ts";
import { pipeline } from "../src/services/dashboards/tenant-figures.ts";
import { currentStageIs, currentStageOfDoneSql, currentStageSql } from "../src/services/donors/current-stage.ts";
import { buildDonor, buildOrg, createTestApp, type TestApp } from "./helpers.ts";

/**
 * The current-stage rule exists once in TypeScript (packages/shared, `currentStage`) and once in SQL
 * (services/donors/current-stage.ts, for the list's stage filter and the dashboards' pipeline). This runs
 * the SQL forms on the real database over a table of cases and compares each answer with the TypeScript one.
 */
const [D, C, Dp, S, F] = STAGES;
const CASES: string[][] = [
  [],
  [D],
  [C],
  [F],
  [D, D],
  [D, C],
  [C, D],
  [D, Dp],
  [D, C, Dp],
  [D, C, Dp, S],
  [C, Dp, S, F],
  [D, C, Dp, S, F],
  [F, S, Dp, C, D, D, F],
  [D, C, S, F],
];

let t: TestApp;
let org: { id: string };
const expected = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  org = await buildOrg(t);
  for (const done of CASES) {
    const donor = await buildDonor(t, org.id);
    if (done.length)
      await t.db
        .insert(stages)
        .values(done.map((stageName) => ({ donorId: donor.id, organizationId: org.id, stageName })));
    expected.set(donor.id, currentStage(done));
  }
});
afterAll(async () => {
  await t?.close();
});

describe("the current stage in SQL agrees with the TypeScript rule", () => {
  it("per donor row (the list's stage filter)", async () => {
    const rows = await t.db
      .select({ id: donors.id, stage: currentStageSql })
      .from(donors)
      .where(eq(donors.organizationId, org.id));
    expect(rows).toHaveLength(CASES.length);
    expect(new Map(rows.map((r) => [r.id, r.stage]))).toEqual(expected);
  });

  it("as the list's stage filter: each stage (and Complete) matches exactly the donors the rule puts there", async () => {
    for (const stage of [...STAGES, STAGE_FILTER_COMPLETE]) {
      const rows = await t.db
        .select({ id: donors.id })
        .from(donors)
        .where(and(eq(donors.organizationId, org.id), currentStageIs(stage)));
      const want = [...expected].filter(([, s]) => s === stage).map(([id]) => id);
      expect(rows.map((r) => r.id).sort(), stage).toEqual(want.sort());
    }
    expect(await t.db.select({ id: donors.id }).from(donors).where(currentStageIs("Not a stage"))).toEqual([]);
  });

  it("from an array of stages done (the dashboards' pipeline)", async () => {
    const result: unknown = await t.db.execute(sql`
      select d.id, ${currentStageOfDoneSql(sql`p.done`)} as stage
        from donors d
        join (select s.donor_id, array_agg(s.stage_name) as done from stages s group by s.donor_id) p on p.donor_id = d.id
       where d.organization_id = ${org.id}
      union all
      select d.id, ${currentStageOfDoneSql(sql`null`)} as stage
        from donors d
       where d.organization_id = ${org.id} and not exists (select 1 from stages s where s.donor_id = d.id)`);
    const rows = (result as { rows: { id: string; stage: string }[] }).rows;
    expect(new Map(rows.map((r) => [r.id, r.stage]))).toEqual(expected);
  });

  it("the pipeline counts donors per stage as the TypeScript rule does", async () => {
    const counts = (await pipeline(t.db, { organizationId: org.id })).map((p) => [p.stage, p.donors]);
    const byTs = [...STAGES, "Complete"].map((stage) => [
      stage,
      [...expected.values()].filter((s) => s === stage).length,
    ]);
    expect(counts).toEqual(byTs);
  });

  it("the list's stage filter finds the donors the TypeScript rule puts in each stage", async () => {
    for (const stage of [...STAGES, "Complete"]) {
      const rows = await t.db
        .select({ id: donors.id })
        .from(donors)
        .where(sql`${donors.organizationId} = ${org.id} and ${currentStageSql} = ${stage}`);
      expect(rows.map((r) => r.id).sort()).toEqual(
        [...expected]
          .filter(([, s]) => s === stage)
          .map(([id]) => id)
          .sort(),
      );
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/db/rows.ts";
import { refreshStaleStatistics } from "../src/db/statistics.ts";
import { buildDonor, buildOrg, createTestApp, type TestApp } from "./helpers.ts";

// PGlite has no autovacuum: the housekeeping job refreshes the planner's statistics of a table that has
// grown since its last ANALYZE, one table a run (src/db/statistics.ts, ADR 079). Run on both databases.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const statsOf = async (table: string) =>
  rowsOf<{ reltuples: number; relpages: number }>(
    await t.db.execute(sql`SELECT reltuples::float8 AS reltuples, relpages FROM pg_class WHERE relname = ${table}`),
  )[0]!;

/** Every table it finds stale, until none is left (the housekeeping job may take some of them first). */
async function refreshAll() {
  const analysed: string[] = [];
  for (let i = 0; i < 200; i++) {
    const name = await refreshStaleStatistics(t.db);
    if (!name) return analysed;
    analysed.push(name);
  }
  throw new Error("refreshStaleStatistics never ran out of tables");
}

describe("planner statistics kept fresh without autovacuum", () => {
  it("analyses a table that has grown since its last ANALYZE, once, and never the import's tables", async () => {
    await refreshAll();
    expect(await refreshStaleStatistics(t.db)).toBeNull(); // nothing has changed since

    const org = await buildOrg(t, "Statistics Org");
    await t.db.execute(
      sql`INSERT INTO donor_count_deltas (organization_id, delta) SELECT ${org.id}, 0 FROM generate_series(1, 5000)`,
    );
    for (let i = 0; i < 3; i++) await buildDonor(t, org.id);
    const before = await statsOf("donors");
    const analysed = await refreshAll();
    const after = await statsOf("donor_count_deltas");
    expect(after.reltuples).toBeGreaterThanOrEqual(5000);
    expect(after.relpages).toBeGreaterThan(8);
    expect(analysed).not.toContain("donors");
    expect(analysed).not.toContain("donor_search");
    expect(await statsOf("donors")).toEqual(before);
    expect(await refreshStaleStatistics(t.db)).toBeNull();
  });
});

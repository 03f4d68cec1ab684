// Migration 0029 (docs/decisions/068-action-counts-by-day.md) counts the actions an installation already
// has into user_action_days. Here a database is migrated up to 0028, given actions, then migrated on
// with the real folder: the counts must match the actions, and the triggers must keep them.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldersUpTo, migrationsFolder, upgradeDatabase, type UpgradeDatabase } from "./upgrade.ts";

let db: UpgradeDatabase;
const before = foldersUpTo(28);

beforeAll(async () => {
  db = await upgradeDatabase();
});
afterAll(async () => {
  await db?.close();
  fs.rmSync(before, { recursive: true, force: true });
});

const counts = () =>
  db.query(`SELECT day::text, action_name, success, actions::int, duration_sum::int, durations::int
            FROM user_action_days WHERE actions <> 0 ORDER BY 1, 2, 3`);

describe("migration 0029 on a database with actions", () => {
  it("counts the actions already recorded by day, and the triggers go on counting", async () => {
    await db.migrateWith(before);
    const [org] = await db.query(`INSERT INTO organizations (name) VALUES ('Upgraded Org') RETURNING id`);
    const actions: [string, string, number | null, boolean][] = [
      ["2026-03-01T10:00:00Z", "page_view", 100, true],
      ["2026-03-01T23:59:59.999Z", "page_view", null, true],
      ["2026-03-01T12:00:00Z", "page_view", 300, true],
      ["2026-03-02T00:00:00Z", "sign_in", 40, false],
    ];
    for (const [at, name, duration, success] of actions)
      await db.query(
        `INSERT INTO user_actions (organization_id, action_type, action_name, "timestamp", duration_ms, success)
         VALUES ($1, 'navigation', $2, $3, $4, $5)`,
        [org!.id, name, at, duration, success],
      );

    await db.migrateWith(migrationsFolder);
    expect(await counts()).toEqual([
      { day: "2026-03-01", action_name: "page_view", success: true, actions: 3, duration_sum: 400, durations: 2 },
      { day: "2026-03-02", action_name: "sign_in", success: false, actions: 1, duration_sum: 40, durations: 1 },
    ]);

    await db.query(`UPDATE user_actions SET duration_ms = 60 WHERE duration_ms IS NULL`);
    await db.query(`DELETE FROM user_actions WHERE action_name = 'sign_in'`);
    expect(await counts()).toEqual([
      { day: "2026-03-01", action_name: "page_view", success: true, actions: 3, duration_sum: 460, durations: 3 },
    ]);
  });
});

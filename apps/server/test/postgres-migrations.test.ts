// Several app servers starting at once on one new PostgreSQL database (ADR 040): each start runs the
// migrations, and without the advisory lock in db/client.ts two of them applied the same migration and
// one failed ("CREATE SCHEMA drizzle"). PGlite is one process's database, so this is PostgreSQL's alone.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/client.ts";
import { rowsOf } from "../src/db/rows.ts";
import { createPostgresDatabase, repositoryRoot, testDatabaseKind } from "./processes.ts";

const journal = JSON.parse(
  fs.readFileSync(path.join(repositoryRoot, "apps/server/drizzle/meta/_journal.json"), "utf8"),
) as { entries: unknown[] };

describe.runIf(testDatabaseKind === "postgres")("migrations on one PostgreSQL database", () => {
  it("three servers starting at once all open it, and each migration is applied once", async () => {
    const { url, drop } = await createPostgresDatabase("cultivate_migrate");
    try {
      const opened = await Promise.allSettled(
        [1, 2, 3].map(() => openDatabase({ kind: "postgres", url, poolSize: 2 })),
      );
      const reasons = opened.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
      expect(reasons).toEqual([]);
      const databases = opened.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      const applied = await databases[0]!.db.execute<{ n: number }>(
        sql`select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations`,
      );
      const row = rowsOf<{ n: number; d: number }>(applied)[0]!;
      expect(row).toEqual({ n: journal.entries.length, d: journal.entries.length });
      for (const database of databases) await database.close();
    } finally {
      await drop();
    }
  }, 60_000);
});

describe.runIf(testDatabaseKind === "postgres")("an idle connection PostgreSQL ends", () => {
  it("is dropped with a warning, not a crash, and the next query opens a new one", async () => {
    const { url, drop } = await createPostgresDatabase("cultivate_idle");
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on("warning", onWarning);
    try {
      const database = await openDatabase({ kind: "postgres", url, poolSize: 2 });
      await database.sql.execute("select 1"); // leaves an idle connection in the pool
      // What a restart, a failover or an administrator does to it.
      const other = await openDatabase({ kind: "postgres", url, poolSize: 1 });
      await other.sql.execute(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      await other.close();
      await expect.poll(() => warnings.some((m) => m.includes("PostgreSQL closed an idle connection"))).toBe(true);
      expect((await database.sql.execute("select 2 as n")).rows).toEqual([{ n: 2 }]);
      await database.close();
    } finally {
      process.off("warning", onWarning);
      await drop();
    }
  }, 60_000);
});

// Where a bench keeps its data: a fresh PostgreSQL database created next to DATABASE_URL (dropped
// afterwards), or, without it, PGlite in a temporary data directory (as `npm start` runs it: in memory,
// the database would count in the process's RSS).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "../../apps/server/src/db/client.ts";

/** A new, empty PostgreSQL database beside DATABASE_URL: its URL and how to drop it. */
export async function freshPostgresDatabase(prefix = "cultivate_bench") {
  const base = process.env.DATABASE_URL!;
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const d = new pg.Client({ connectionString: base });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

/**
 * The bench's database, opened. keepDataDir: a PGlite data directory kept after the run (and reused);
 * keepPostgres: the PostgreSQL database is kept (its name is printed) for a look afterwards;
 * reusePostgres: the name of such a kept database, opened again instead of a fresh one.
 */
export async function benchDatabase(
  options: { keepDataDir?: string; keepPostgres?: boolean; reusePostgres?: string } = {},
): Promise<{
  database: Database;
  dispose: () => Promise<void>;
}> {
  if (process.env.DATABASE_URL && options.reusePostgres) {
    // A database an earlier run kept, opened as it is (migrations apply as at any start) and kept again.
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${options.reusePostgres}`;
    const database = await openDatabase({ kind: "postgres", url: u.toString() });
    return { database, dispose: () => database.close() };
  }
  if (process.env.DATABASE_URL) {
    const fresh = await freshPostgresDatabase();
    const database = await openDatabase({ kind: "postgres", url: fresh.url });
    return {
      database,
      dispose: async () => {
        await database.close();
        if (options.keepPostgres) console.log(`kept database ${fresh.name}`);
        else await fresh.drop();
      },
    };
  }
  const dataDir = options.keepDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-bench-"));
  const database = await openDatabase({ kind: "pglite", dataDir });
  return {
    database,
    dispose: async () => {
      await database.close();
      if (!options.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

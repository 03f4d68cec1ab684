// A database migrated up to an older migration, given data, then migrated on with the real folder: how
// the upgrade tests check that a migration's copy or backfill fits the data an installation already has.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { pgliteOptions } from "../src/db/client.ts";
import { createPostgresDatabase, repositoryRoot, testDatabaseKind } from "./processes.ts";

/** The real migrations folder. */
export const migrationsFolder = path.join(repositoryRoot, "apps/server/drizzle");
type Journal = { entries: { idx: number; tag: string }[] };

/** A copy of the migrations folder that ends with migration `last` (remove it with fs.rmSync). */
export function foldersUpTo(last: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

export type UpgradeDatabase = {
  query: (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
  migrateWith: (dir: string) => Promise<void>;
  close: () => Promise<void>;
};

/** An empty database of the kind the suite runs on (a fresh PostgreSQL database, or PGlite in memory). */
export async function upgradeDatabase(): Promise<UpgradeDatabase> {
  if (testDatabaseKind === "postgres") {
    const { url, drop } = await createPostgresDatabase("cultivate_upgrade");
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const db = drizzlePg(pool);
    return {
      query: async (text, values) => (await pool.query(text, values)).rows,
      migrateWith: (dir) => migratePg(db, { migrationsFolder: dir }),
      close: async () => {
        await pool.end();
        await drop();
      },
    };
  }
  const client = new PGlite(pgliteOptions);
  const db = drizzlePglite(client);
  return {
    query: async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows,
    migrateWith: (dir) => migratePglite(db, { migrationsFolder: dir }),
    close: () => client.close(),
  };
}

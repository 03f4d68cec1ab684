import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** One type for both drivers: code never needs to know which database it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

// apps/server/drizzle, from the source (src/db/client.ts) or from the production bundle (dist/main.mjs).
const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = ["../../drizzle", "../drizzle"].map((rel) => path.resolve(here, rel)).find((dir) => fs.existsSync(path.join(dir, "meta/_journal.json")))!;

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** dataDir undefined = in memory (tests). */
  | { kind: "pglite"; dataDir?: string };

/**
 * PGlite extensions the migrations use (CREATE EXTENSION pg_trgm for the donor search indexes).
 * (shared_buffers=32MB was tried to cap PGlite's memory: a 100k import's peak RSS went 804 → 731 MB,
 * still far over 512 MB, while list pages and the export got ~10–60% slower. Not worth it.)
 */
const pgliteOptions = { extensions: { pg_trgm } };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }

  let releaseLock = () => {};
  let client: PGlite;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
    const dir = path.join(options.dataDir, "pglite");
    const fresh = !fs.existsSync(path.join(dir, "PG_VERSION"));
    client = new PGlite(dir, pgliteOptions);
    if (fresh) {
      // Creating the cluster (initdb) grows the WebAssembly memory to ~550 MB, and it never shrinks:
      // start again on the new directory with a fresh instance (~300 MB).
      await client.waitReady;
      await client.close();
      client = new PGlite(dir, pgliteOptions);
    }
  } else {
    client = new PGlite(pgliteOptions);
  }
  try {
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/**
 * PGlite is one process's database: two processes on one data directory corrupt it.
 * A pid lock file refuses the second one; a stale lock (dead pid) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "cultivate.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lockPath, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another Cultivate process (pid ${pid}). Stop it, or use another DATA_DIR.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

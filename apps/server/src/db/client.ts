import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { ClientBase, PoolConfig } from "pg";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** One type for both drivers: code never needs to know which database it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

/**
 * Plain SQL with $1… parameters on the database's own connection, for libraries that bring their own
 * SQL (the job queue). Without parameters the text may hold several statements.
 */
export type SqlExecutor = { execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * A lock held while one process works on something (an import batch), released when it is done or when
 * the process dies (PostgreSQL: a session advisory lock on a connection of its own; PGlite: one process,
 * so in memory). Resolves null when someone else holds it.
 */
export type TryLock = (key: string) => Promise<(() => Promise<void>) | null>;

/**
 * Reads a query's rows through a server-side cursor in one read-only transaction on a connection of its
 * own, `batch` rows at a time: one snapshot and one sorted pass, without holding every row (or id) in
 * memory first. PostgreSQL only: on PGlite the transaction would hold the one connection for as long
 * as the reader (an HTTP client downloading an export) takes. Returning early ends the transaction.
 */
export type CursorReader = (text: string, params: unknown[], batch: number) => AsyncGenerator<unknown[]>;

export type Database = {
  db: Db;
  sql: SqlExecutor;
  tryLock: TryLock;
  /** PostgreSQL only (see CursorReader). */
  readCursor?: CursorReader;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /**
   * PGlite: a gzipped tarball of its data directory, taken between two queries (backup/; and the API
   * tests' migrated database, test/global-setup.ts).
   */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PGlite: resolves once no statement is running and the last one ended either before `since`
   * (performance.now()) or at least `gapMs` ago; or else after `maxMs`. Its one connection runs on this
   * thread, so an import's or undo's transactions give way here to the requests that arrived meanwhile,
   * whose statements then run together (services/donors/import/job.ts, giveWay; ADR 080). PostgreSQL
   * has a connection per request: not needed there.
   */
  quiet?: (since: number, gapMs: number, maxMs: number) => Promise<void>;
};

// apps/server/drizzle, from the source (src/db/client.ts) or from the production bundle (dist/main.mjs).
const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = ["../../drizzle", "../drizzle"]
  .map((rel) => path.resolve(here, rel))
  .find((dir) => fs.existsSync(path.join(dir, "meta/_journal.json")))!;

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /**
   * dataDir undefined = in memory (tests). `image` (in memory only): start from this dump of a data
   * directory instead of a new cluster. The API tests start each database from one the migrations have
   * made (test/global-setup.ts): loading it takes a third of the time initdb does.
   */
  | { kind: "pglite"; dataDir?: string; image?: Blob };

/**
 * PGlite runs in this process, so its memory is the server's (docs/PERFORMANCE.md). The defaults,
 * 128 MB shared_buffers (all of it touched at start) and 64 MB maintenance_work_mem (touched by the
 * VACUUM after an import), cost RSS that WebAssembly memory never gives back. 64 MB still holds a
 * filtered list's working set at 100k donors (32 MB doubled the p95 of a DS Rating + capacity page to
 * 150 ms); the table itself is read from the OS cache either way.
 * pg_trgm: the migrations create the donor search indexes with it.
 */
export const pgliteOptions = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=64MB", "-c", "maintenance_work_mem=16MB"],
};

/**
 * Creates a new PGlite cluster (initdb) in a short-lived child process. initdb grows the WebAssembly
 * memory to ~550 MB; in this process that memory stayed resident until a garbage collection happened
 * to free the closed instance, so a first start carried 100–250 MB it never used again.
 */
async function createCluster(dir: string): Promise<void> {
  // Built beside the target and renamed when complete: an interrupted initdb never leaves a half cluster.
  const temp = `${dir}.creating`;
  fs.rmSync(temp, { recursive: true, force: true });
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const code =
    "const { PGlite } = require(process.argv[1]); const db = new PGlite(process.argv[2]); db.waitReady.then(() => db.close());";
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, ["-e", code, entry, temp], { timeout: 120_000 }, (err, _stdout, stderr) =>
      err ? reject(new Error(`Could not create the database in ${dir}: ${stderr || err.message}`)) : resolve(),
    ),
  );
  fs.renameSync(temp, dir);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    // Loaded only for PostgreSQL: the embedded default never needs node-postgres.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    // No JIT for this server's statements: they are short, and compiling cost more than it saved. At a
    // million donors the name search spent 33-48 ms of its ≈ 250 in the JIT compiler, and the DS Rating
    // page's p95 went 88 -> 26 ms without it; the export's cursor waited 0.7 s for its first row
    // (docs/PERFORMANCE.md, ADR 055). A SET that the pool awaits before handing the connection out,
    // not a startup option, which a connection pooler in front of PostgreSQL may refuse. pg-pool awaits
    // the hook's promise (pg-pool 3.14's index.js), although @types/pg types it as returning void.
    const config: Omit<PoolConfig, "onConnect"> & { onConnect: (client: ClientBase) => Promise<unknown> } = {
      connectionString: options.url,
      max: options.poolSize ?? 10,
      onConnect: (client) => client.query("SET jit = off"),
    };
    const pool = new pg.Pool(config as PoolConfig);
    // An idle connection the server ends (a restart, a failover, pg_terminate_backend, a database dropped
    // WITH (FORCE)) is emitted here: without a listener node-postgres's event would crash the process. The
    // pool has already dropped that connection and the next query opens a new one; the log keeps the detail.
    pool.on("error", (err) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${err.message}`, { code: "CULTIVATE_PG_IDLE" });
    });
    const db = drizzlePg(pool, { schema });
    // Several app servers may start at once on one database (ADR 040): without a lock, two would apply
    // the same migration and one would fail. The session lock is held on a connection of its own while
    // the migrator uses the pool; the others wait, then find nothing left to apply.
    const lock = new pg.Client({ connectionString: options.url });
    try {
      await lock.connect();
      await lock.query("select pg_advisory_lock(hashtext('cultivate:migrations'))");
      await migratePg(db, { migrationsFolder });
    } catch (err) {
      await pool.end();
      throw err;
    } finally {
      await lock.end().catch(() => {}); // ending the session releases its lock
    }
    const sql: SqlExecutor = {
      // node-postgres sends a query without parameters as a simple query: several statements are allowed.
      execute: async (text, values = []) => ({
        rows: (await pool.query(text, values.length ? values : undefined)).rows,
      }),
    };
    const tryLock: TryLock = async (key) => {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>(
          "SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok",
          [key],
        );
        if (!rows[0]?.ok) {
          client.release();
          return null;
        }
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      return async () => {
        try {
          await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key]);
          client.release();
        } catch (err) {
          client.release(err as Error); // a broken connection is dropped, and the lock with it
        }
      };
    };
    const readCursor: CursorReader = async function* (text, params, batch) {
      const client = await pool.connect();
      const size = Math.max(1, Math.floor(batch));
      let open = false;
      try {
        await client.query("BEGIN READ ONLY");
        open = true;
        // Without JIT, as every connection of the pool (above): compiling the export's plan took 0.7 s
        // before its first row at 1M donors, and its batches came no faster after (docs/PERFORMANCE.md).
        await client.query(`DECLARE cultivate_rows NO SCROLL CURSOR FOR ${text}`, params);
        for (;;) {
          const { rows } = await client.query(`FETCH ${size} FROM cultivate_rows`);
          if (rows.length) yield rows;
          if (rows.length < size) break;
        }
        open = false;
        await client.query("COMMIT");
      } finally {
        // Stopped early (the reader went away) or failed: end the transaction before the connection goes
        // back; a connection that cannot even roll back is dropped.
        let broken: Error | undefined;
        if (open) await client.query("ROLLBACK").catch((err: Error) => (broken = err));
        client.release(broken);
      }
    };
    return { db: db as unknown as Db, sql, tryLock, readCursor, kind: "postgres", close: () => pool.end() };
  }

  let releaseLock = () => {};
  let client: PGlite;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
  }
  try {
    if (options.dataDir) {
      const dir = pgliteDataDir(options.dataDir);
      if (!fs.existsSync(path.join(dir, "PG_VERSION"))) await createCluster(dir);
      client = new PGlite(dir, pgliteOptions);
    } else {
      client = new PGlite({ ...pgliteOptions, ...(options.image ? { loadDataDir: options.image } : {}) });
    }
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    const pglite = client;
    const quiet = watchStatements(pglite);
    const sql: SqlExecutor = {
      execute: async (text, values = []) => {
        if (values.length) return { rows: (await pglite.query(text, values)).rows };
        // The extended protocol takes one statement; exec takes several and answers each.
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
    const held = new Set<string>();
    const tryLock: TryLock = async (key) => {
      if (held.has(key)) return null;
      held.add(key);
      return async () => {
        held.delete(key);
      };
    };
    return {
      db: db as unknown as Db,
      sql,
      tryLock,
      kind: "pglite",
      quiet,
      close: async () => {
        await client.close();
        releaseLock();
      },
      // A checkpoint first, so the copy needs little WAL replay when it is opened; the dump itself
      // holds PGlite's query lock, so no statement runs while the files are read.
      dumpDataDir: async () => {
        await client.exec("CHECKPOINT");
        return client.dumpDataDir("gzip");
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/**
 * Counts the statements `client` is running or queueing (every query, exec and transaction: drizzle's,
 * the job queue's, the export's) and gives Database.quiet. The methods are wrapped on the instance, so
 * PGlite's own code still runs with the instance as `this`.
 */
function watchStatements(client: PGlite): NonNullable<Database["quiet"]> {
  let running = 0;
  let lastEnd = 0;
  const watch = <A extends unknown[], R>(run: (...args: A) => Promise<R>) => {
    return (...args: A): Promise<R> => {
      running++;
      let answer: Promise<R>;
      try {
        answer = run(...args);
      } catch (err) {
        running--;
        throw err;
      }
      return answer.finally(() => {
        running--;
        lastEnd = performance.now();
      });
    };
  };
  client.query = watch(client.query.bind(client)) as PGlite["query"];
  client.exec = watch(client.exec.bind(client)) as PGlite["exec"];
  client.transaction = watch(client.transaction.bind(client)) as PGlite["transaction"];
  return async (since, gapMs, maxMs) => {
    const deadline = performance.now() + maxMs;
    // Requests whose bytes arrived meanwhile start their first statement in this turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      const now = performance.now();
      if (now >= deadline || (running === 0 && (lastEnd <= since || now - lastEnd >= gapMs))) return;
      const wait = running ? 1 : gapMs - (now - lastEnd);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(wait, deadline - now))));
    }
  };
}

/** Where PGlite keeps its cluster inside DATA_DIR. */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/** The pid of the live process that holds DATA_DIR's lock, or null when none does. */
export function dataDirHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "cultivate.lock"), "utf8"));
    return pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * PGlite is one process's database: two processes on one data directory corrupt it.
 * A pid lock file refuses the second one; a stale lock (dead pid) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
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

// Backups (issue 13, ADR 041): `npm run backup` → wipe → `npm run restore -- FILE` gives back the same
// donors, users and stage records. On PGlite the backup is taken through the running server (its data
// directory is locked by it) and again with the server stopped; on PostgreSQL with pg_dump. A restore
// into a target that holds data is refused with a sentence, and so is a file of the other database kind.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase, type Database, type DatabaseOptions } from "../src/db/client.ts";
import { donorCountDeltas, donors, stages, users } from "../src/db/schema.ts";
import { seedDemo } from "../src/demo/seed.ts";
import {
  createPostgresDatabase,
  freePort,
  repositoryRoot,
  startServer,
  testDatabaseKind,
  type ServerProcess,
} from "./processes.ts";

let work: string;
const drops: Array<() => Promise<void>> = [];
let server: ServerProcess | null = null;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-backup-"));
});
afterAll(async () => {
  if (server && server.proc.exitCode === null) server.proc.kill("SIGKILL");
  for (const drop of drops) await drop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** What must survive: every donor, user and stage record (ids and the values that matter). */
async function snapshot(database: Database) {
  const db = database.db;
  return {
    donors: await db
      .select({ id: donors.id, org: donors.organizationId, first: donors.firstName, last: donors.lastName })
      .from(donors)
      .orderBy(asc(donors.id)),
    users: await db.select({ id: users.id, email: users.email }).from(users).orderBy(asc(users.id)),
    stages: await db
      .select({ id: stages.id, donor: stages.donorId, stage: stages.stageName, output: stages.aiOutput })
      .from(stages)
      .orderBy(asc(stages.id)),
    // Kept by triggers (migration 0021): a restore that fired them while loading donors would double them.
    donorCounts: await db
      .select({ org: donorCountDeltas.organizationId, n: sql<number>`sum(${donorCountDeltas.delta})::int` })
      .from(donorCountDeltas)
      .groupBy(donorCountDeltas.organizationId)
      .orderBy(asc(donorCountDeltas.organizationId)),
  };
}

async function seed(options: DatabaseOptions) {
  const database = await openDatabase(options);
  try {
    const config = { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }), dataDir: path.join(work, "spool") };
    const app = await buildApp({ config, database });
    await seedDemo(app);
    await app.close();
    const seen = await snapshot(database);
    expect(seen.donors.length).toBeGreaterThan(1000);
    expect(seen.users.length).toBeGreaterThan(3);
    expect(seen.stages.length).toBeGreaterThan(0);
    return seen;
  } finally {
    await database.close();
  }
}

async function read(options: DatabaseOptions) {
  const database = await openDatabase(options);
  try {
    return await snapshot(database);
  } finally {
    await database.close();
  }
}

/** Runs `npm run backup` / `npm run restore` (their scripts, without npm) with this environment. */
function cli(command: "backup" | "restore", args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `apps/server/src/cli/${command}.ts`, ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe.runIf(testDatabaseKind === "pglite")("backup and restore of the embedded database", () => {
  it("backs up through the running server and from the stopped data directory; both restore to the same records", async () => {
    const dataDir = path.join(work, "data");
    const before = await seed({ kind: "pglite", dataDir });

    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    server = await startServer({
      from: "source",
      baseUrl,
      dataDir,
      databaseUrl: "",
      admin: { email: "backup-admin@example.org", password: "backup-admin-password" },
      authSecret: "backup-test-secret-backup-test-secret-0123456",
      webDist: path.join(work, "no-web"),
    });
    const whileRunning = path.join(work, "running.tar.gz");
    const online = await cli("backup", [whileRunning], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(online.code, online.output).toBe(0);
    expect(online.output).toMatch(/through the running server/);
    expect((await fetch(`${baseUrl}/api/health`)).ok).toBe(true); // still serving
    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    server = null;
    const withAdmin = await read({ kind: "pglite", dataDir }); // the server added its ADMIN_EMAIL account

    const whileStopped = path.join(work, "stopped.tar.gz");
    const offline = await cli("backup", [whileStopped], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(offline.code, offline.output).toBe(0);
    expect(await cli("backup", [whileStopped], { DATA_DIR: dataDir, DATABASE_URL: "" })).toMatchObject({
      code: 1,
      output: expect.stringContaining("already exists: choose another file name."),
    });

    // Wipe, then restore each into an empty data directory.
    fs.rmSync(dataDir, { recursive: true, force: true });
    const restored = await cli("restore", [whileRunning], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(restored.code, restored.output).toBe(0);
    const after = await read({ kind: "pglite", dataDir });
    expect(after.donors).toEqual(before.donors);
    expect(after.stages).toEqual(before.stages);
    expect(after.donorCounts).toEqual(before.donorCounts);
    expect(after.donorCounts.reduce((n, c) => n + c.n, 0)).toBe(after.donors.length);
    expect(after.users).toEqual(withAdmin.users);

    const otherDir = path.join(work, "other");
    expect((await cli("restore", [whileStopped], { DATA_DIR: otherDir, DATABASE_URL: "" })).code).toBe(0);
    expect(await read({ kind: "pglite", dataDir: otherDir })).toEqual(withAdmin);

    // A data directory that holds a database is never overwritten.
    const again = await cli("restore", [whileStopped], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(again.code).toBe(1);
    expect(again.output).toContain("already holds a database. Restore only goes into an empty data directory");
    expect((await read({ kind: "pglite", dataDir })).donors).toEqual(before.donors);
  }, 300_000);
});

describe.runIf(testDatabaseKind === "postgres")("backup and restore of a PostgreSQL database", () => {
  it("pg_dump, a new empty database, pg_restore: the same records; a database with tables is refused", async () => {
    const source = await createPostgresDatabase("cultivate_backup");
    drops.push(source.drop);
    const before = await seed({ kind: "postgres", url: source.url });

    const file = path.join(work, "backup.pgdump");
    const backup = await cli("backup", [file], { DATABASE_URL: source.url });
    expect(backup.code, backup.output).toBe(0);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");

    // Wipe: the database is gone; restore into a new, empty one.
    await source.drop();
    drops.pop();
    const target = await createPostgresDatabase("cultivate_restore");
    drops.push(target.drop);
    const restored = await cli("restore", [file], { DATABASE_URL: target.url });
    expect(restored.code, restored.output).toBe(0);
    expect(await read({ kind: "postgres", url: target.url })).toEqual(before);

    const again = await cli("restore", [file], { DATABASE_URL: target.url });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/is not empty \(\d+ tables\)\. Restore only goes into an empty database/);

    // A PostgreSQL backup is not restored into a data directory (and the other way round).
    const wrongKind = await cli("restore", [file], { DATA_DIR: path.join(work, "pg-into-pglite"), DATABASE_URL: "" });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.output).toContain("is not a backup of the embedded database (PGlite)");
  }, 300_000);
});

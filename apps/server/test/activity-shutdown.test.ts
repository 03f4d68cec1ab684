// The activity log survives a shutdown (issue 11 item 2): the real server (a child process,
// `node --import tsx src/main.ts`, as scripts/start.mjs runs its bundle) gets SIGTERM right after a request
// whose action is still queued (the recorder writes every 250 ms); it must close the app, so the recorder
// writes the row before the process exits with code 0.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { userActions, users } from "../src/db/schema.ts";
import { testDatabaseKind } from "./helpers.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const ADMIN = { email: "shutdown-admin@example.org", password: "shutdown-test-password-1" };

let work: string;
let dataDir: string;
let baseUrl: string;
let databaseUrl = "";
let dropDatabase = async () => {};
let proc: ChildProcess | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-shutdown-"));
  dataDir = path.join(work, "data");
  baseUrl = `http://127.0.0.1:${await freePort()}`;
  if (testDatabaseKind === "postgres") {
    const base = process.env.DATABASE_URL!;
    const name = `cultivate_shutdown_${crypto.randomBytes(5).toString("hex")}`;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const d = new pg.Client({ connectionString: base });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => {});
      await d.end();
    };
  }
});

afterAll(async () => {
  if (proc && proc.exitCode === null) proc.kill("SIGKILL");
  await dropDatabase();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("shutdown", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s: the server writes the queued activity rows before it exits",
    async (signal) => {
      proc = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: new URL(baseUrl).port,
          HOST: "127.0.0.1",
          APP_URL: baseUrl,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          AUTH_SECRET: "shutdown-test-secret-shutdown-test-secret-0123",
          LOG_LEVEL: "warn",
          WEB_DIST: path.join(work, "no-web"),
          SMTP_URL: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      proc.stdout!.on("data", (d: Buffer) => (output += d.toString()));
      proc.stderr!.on("data", (d: Buffer) => (output += d.toString()));
      const exited = new Promise<number | null>((resolve) => proc!.once("exit", (code) => resolve(code)));
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          if ((await fetch(`${baseUrl}/api/health`)).ok) break;
        } catch {
          // not up yet
        }
        if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }

      const signedIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { origin: baseUrl, "content-type": "application/json" },
        body: JSON.stringify(ADMIN),
      });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
      // Sign-out queues its row before it answers; the signal follows at once, well inside the 250 ms the recorder waits.
      const marker = `shutdown-${signal}-${crypto.randomBytes(4).toString("hex")}`;
      const signedOut = await fetch(`${baseUrl}/api/auth/sign-out`, {
        method: "POST",
        headers: { origin: baseUrl, cookie, "content-type": "application/json", "user-agent": marker },
        body: "{}",
      });
      proc.kill(signal);
      expect(signedOut.status).toBe(200);
      expect(await exited, output).toBe(0);
      proc = null;

      const database = await openDatabase(databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir });
      try {
        const [admin] = await database.db.select().from(users).where(eq(users.email, ADMIN.email));
        const rows = await database.db.select().from(userActions).where(eq(userActions.userId, admin!.id));
        expect(rows.filter((r) => r.actionName === "sign_out" && r.userAgent === marker)).toHaveLength(1);
      } finally {
        await database.close();
      }
      expect(output).not.toMatch(/rows are lost|could not write activity/);
    },
    120_000,
  );
});

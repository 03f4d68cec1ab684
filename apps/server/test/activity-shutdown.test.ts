// The activity log survives a shutdown (issue 11 item 2): the real server (a child process,
// `node --import tsx src/main.ts`, as scripts/start.mjs runs its bundle) gets SIGTERM right after a request
// whose action is still queued (the recorder writes every 250 ms); it must close the app, so the recorder
// writes the row before the process exits with code 0.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { userActions, users } from "../src/db/schema.ts";
import {
  type ServerProcess,
  createPostgresDatabase,
  freePort,
  signInCookie,
  startServer,
  testDatabaseKind,
} from "./processes.ts";

const ADMIN = { email: "shutdown-admin@example.org", password: "shutdown-test-password-1" };

let work: string;
let dataDir: string;
let baseUrl: string;
let databaseUrl = "";
let dropDatabase = async () => {};
let server: ServerProcess | null = null;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-shutdown-"));
  dataDir = path.join(work, "data");
  baseUrl = `http://127.0.0.1:${await freePort()}`;
  if (testDatabaseKind === "postgres") {
    const created = await createPostgresDatabase("cultivate_shutdown");
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
});

afterAll(async () => {
  if (server && server.proc.exitCode === null) server.proc.kill("SIGKILL");
  await dropDatabase();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("shutdown", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s: the server writes the queued activity rows before it exits",
    async (signal) => {
      server = await startServer({
        from: "source",
        baseUrl,
        dataDir,
        databaseUrl,
        admin: ADMIN,
        authSecret: "shutdown-test-secret-shutdown-test-secret-0123",
        webDist: path.join(work, "no-web"),
      });
      const { proc, exited, log } = server;

      const cookie = await signInCookie(baseUrl, ADMIN);
      // Sign-out queues its row before it answers; the signal follows at once, well inside the 250 ms the recorder waits.
      const marker = `shutdown-${signal}-${crypto.randomBytes(4).toString("hex")}`;
      const signedOut = await fetch(`${baseUrl}/api/auth/sign-out`, {
        method: "POST",
        headers: { origin: baseUrl, cookie, "content-type": "application/json", "user-agent": marker },
        body: "{}",
      });
      proc.kill(signal);
      expect(signedOut.status).toBe(200);
      expect(await exited, log()).toBe(0);
      server = null;

      const database = await openDatabase(
        databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir },
      );
      try {
        const [admin] = await database.db.select().from(users).where(eq(users.email, ADMIN.email));
        const rows = await database.db.select().from(userActions).where(eq(userActions.userId, admin!.id));
        expect(rows.filter((r) => r.actionName === "sign_out" && r.userAgent === marker)).toHaveLength(1);
      } finally {
        await database.close();
      }
      expect(log()).not.toMatch(/rows are lost|could not write activity/);
    },
    120_000,
  );
});

// The activity log survives a shutdown (issue 11 item 2): the real server (a child process,
// `node --import tsx src/main.ts`, as scripts/start.mjs runs its bundle) gets SIGTERM right after a request
// whose action is still queued (the recorder writes every 250 ms); it must close the app, so the recorder
// writes the row before the process exits with code 0.
import crypto from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { userActions, users } from "../src/db/schema.ts";
import { type ServerProcess, freePort, serverScratch, signInCookie, startServer } from "./processes.ts";

const ADMIN = { email: "shutdown-admin@example.org", password: "shutdown-test-password-1" };

let work: string;
let dataDir: string;
let baseUrl: string;
let databaseUrl = "";
let scratch: Awaited<ReturnType<typeof serverScratch>> | null = null;
let server: ServerProcess | null = null;

beforeAll(async () => {
  scratch = await serverScratch("cultivate-shutdown");
  ({ work, dataDir, databaseUrl } = scratch);
  baseUrl = `http://127.0.0.1:${await freePort()}`;
});

afterAll(async () => {
  if (server && server.proc.exitCode === null) server.proc.kill("SIGKILL");
  await scratch?.dispose();
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

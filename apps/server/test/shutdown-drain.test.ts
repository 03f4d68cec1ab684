// SIGTERM drains (issue 13, ADR 040): the real server (a child process) gets SIGTERM while a request is
// half-way through its body. It stops taking connections at once, finishes that request (201, the issue
// saved, its activity row written) and then exits with 0. A request that never finishes is cut after
// SHUTDOWN_GRACE_MS, so the shutdown still ends.
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { issues, userActions } from "../src/db/schema.ts";
import { type ServerProcess, freePort, serverScratch, signInCookie, startServer } from "./processes.ts";

const ADMIN = { email: "drain-admin@example.org", password: "drain-test-password-1" };

let work: string;
let dataDir: string;
let databaseUrl = "";
let scratch: Awaited<ReturnType<typeof serverScratch>> | null = null;
let server: ServerProcess | null = null;

beforeAll(async () => {
  scratch = await serverScratch("cultivate-drain");
  ({ work, dataDir, databaseUrl } = scratch);
});

afterAll(async () => {
  if (server && server.proc.exitCode === null) server.proc.kill("SIGKILL");
  await scratch?.dispose();
});

async function start(graceMs: number) {
  const baseUrl = `http://127.0.0.1:${await freePort()}`;
  server = await startServer({
    from: "source",
    baseUrl,
    dataDir,
    databaseUrl,
    admin: ADMIN,
    authSecret: "drain-test-secret-drain-test-secret-drain-0123",
    webDist: path.join(work, "no-web"),
    env: { SHUTDOWN_GRACE_MS: String(graceMs) },
  });
  const cookie = await signInCookie(baseUrl, ADMIN);
  return { baseUrl, cookie, server };
}

/** POST /api/issues whose body is sent in two parts: `finish()` sends the rest. */
function slowIssueRequest(baseUrl: string, cookie: string, title: string) {
  const body = JSON.stringify({ type: "bug", title, description: "Sent while the server shuts down." });
  const half = Math.floor(body.length / 2);
  const url = new URL("/api/issues", baseUrl);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: "POST",
    agent: false,
    headers: {
      origin: baseUrl,
      cookie,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, half));
  request.flushHeaders();
  return { answer, finish: () => request.end(body.slice(half)) };
}

const refusesConnections = (baseUrl: string) =>
  fetch(`${baseUrl}/api/health`).then(
    () => false,
    () => true,
  );

describe("SIGTERM", () => {
  it("finishes the request in flight, refuses new connections meanwhile, writes its activity and exits with 0", async () => {
    const { baseUrl, cookie, server: child } = await start(30_000);
    const title = `drain-${crypto.randomBytes(4).toString("hex")}`;
    const slow = slowIssueRequest(baseUrl, cookie, title);
    await new Promise((r) => setTimeout(r, 500)); // the server has the headers and half the body
    child.proc.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 700));
    expect(child.proc.exitCode, child.log()).toBeNull(); // still draining
    expect(await refusesConnections(baseUrl)).toBe(true);
    slow.finish();
    const answer = await slow.answer;
    expect(answer.status, answer.body).toBe(201);
    expect(await child.exited, child.log()).toBe(0);
    server = null;

    const database = await openDatabase(
      databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir },
    );
    try {
      const saved = await database.db.select().from(issues).where(eq(issues.title, title));
      expect(saved).toHaveLength(1);
      const actions = await database.db.select().from(userActions).where(eq(userActions.resourceId, saved[0]!.id));
      expect(actions.map((a) => a.actionName)).toContain("issue_submit");
    } finally {
      await database.close();
    }
    expect(child.log()).not.toMatch(/rows are lost|could not write activity|error while closing/);
  }, 120_000);

  it("cuts a request that is still running after SHUTDOWN_GRACE_MS and exits with 0", async () => {
    const { baseUrl, cookie, server: child } = await start(1_000);
    const slow = slowIssueRequest(baseUrl, cookie, "never finished");
    const outcome = slow.answer.then(
      (a) => `answered ${a.status}`,
      (err: NodeJS.ErrnoException) => `cut: ${err.code ?? err.message}`,
    );
    await new Promise((r) => setTimeout(r, 500));
    const signalled = Date.now();
    child.proc.kill("SIGTERM");
    expect(await child.exited, child.log()).toBe(0);
    server = null;
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
    expect(await outcome).toMatch(/^cut: /);
    expect(child.log()).toMatch(/grace period/);
  }, 120_000);
});

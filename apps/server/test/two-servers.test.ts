// Several app servers on one PostgreSQL (docs/DEPLOY.md, ADR 042): two real server processes (the
// production bundle) share one database, each with its own DATA_DIR. A 20,000-row import is uploaded to
// the first; the first is killed with SIGKILL half-way; the second takes over the import's job and
// finishes it with exactly the file's donors. Meanwhile both send mail from one outbox: every message
// arrives once. PostgreSQL only: PGlite is one process's database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPostgresDatabase,
  freePort,
  signInCookie,
  startServer,
  testDatabaseKind,
  type ServerProcess,
} from "./processes.ts";
import { startSmtpTestServer, type SmtpTestServer } from "./smtp-test-server.ts";

const ADMIN = { email: "two-servers-admin@example.org", password: "two-servers-password-1" };
const SECRET = "two-servers-secret-two-servers-secret-0123";
const ROWS = 20_000;

describe.runIf(testDatabaseKind === "postgres")("two app servers on one PostgreSQL", () => {
  let work = "";
  let databaseUrl = "";
  let drop = async () => {};
  let smtp: SmtpTestServer;
  const servers: { url: string; proc: ServerProcess | null }[] = [];
  let cookie = "";

  const start = async (i: number) =>
    startServer({
      from: "bundle",
      baseUrl: servers[i]!.url,
      dataDir: path.join(work, `data-${i}`),
      databaseUrl,
      admin: ADMIN,
      authSecret: SECRET,
      webDist: path.join(work, "no-web"),
      env: { API_RATE_LIMIT: "1000000", SMTP_URL: smtp.url },
      startTimeoutMs: 60_000,
      keepLog: 20_000,
    });

  const api = async (i: number, method: string, url: string, body?: string, type = "application/json") => {
    const base = servers[i]!.url;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { origin: base, cookie, ...(body !== undefined ? { "content-type": type } : {}) },
      body,
    });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) };
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-two-servers-"));
    const created = await createPostgresDatabase("cultivate_two");
    databaseUrl = created.url;
    drop = created.drop;
    smtp = await startSmtpTestServer();
    for (let i = 0; i < 2; i++) servers.push({ url: `http://127.0.0.1:${await freePort()}`, proc: null });
    // One after the other is not needed (migrations take a lock), but it keeps the start-up log readable.
    servers[0]!.proc = await start(0);
    servers[1]!.proc = await start(1);
    cookie = await signInCookie(servers[0]!.url, ADMIN);
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) {
      s.proc?.proc.kill("SIGKILL");
      await s.proc?.exited;
    }
    await smtp?.close();
    await drop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("the second server finishes an import whose server was killed, and no mail goes out twice", async () => {
    const org = await api(0, "POST", "/api/admin/organizations", JSON.stringify({ name: "Two Servers Org" }));
    expect(org.status, org.text).toBe(201);
    const orgId = org.json().id as string;

    // Mail from both servers while the import runs: users created (and approved) through either.
    const emails: string[] = [];
    for (let i = 0; i < 10; i++) {
      const email = `two-servers-user-${i}@example.org`;
      emails.push(email);
      const side = i % 2;
      const made = await api(
        side,
        "POST",
        "/api/admin/users",
        JSON.stringify({
          email,
          password: "user-password-123",
          confirmPassword: "user-password-123",
          organizationId: orgId,
        }),
      );
      expect(made.status, made.text).toBe(201);
      const approved = await api(side, "POST", `/api/admin/users/${made.json().user.id}/approve`);
      expect(approved.status, approved.text).toBe(200);
    }

    const lines = ["Client ID,First Name,Last Name,Email,Zip,Estimated Capacity"];
    for (let i = 1; i <= ROWS; i++)
      lines.push(`C${i},First${i},Last${i},donor${i}@example.org,${10000 + i},$${1000 + i}`);
    const upload = await api(
      0,
      "POST",
      `/api/donors/imports?targetOrganizationId=${orgId}`,
      lines.join("\n") + "\n",
      "text/csv",
    );
    expect(upload.status, upload.text).toBe(202);
    const id = upload.json().id as string;

    // Once chunks are committed, and well before the end: the first server is killed.
    for (;;) {
      const b = await api(1, "GET", `/api/donors/imports/${id}`);
      expect(b.status, b.text).toBe(200);
      const { status, rowsDone } = b.json() as { status: string; rowsDone: number };
      expect(["queued", "running"], "the import ended before the server could be killed").toContain(status);
      if (rowsDone >= 1000) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    servers[0]!.proc!.proc.kill("SIGKILL");
    await servers[0]!.proc!.exited;
    servers[0]!.proc = null;

    // The second server takes it over (its sweep finds the batch's lock free) and finishes it.
    const deadline = Date.now() + 150_000;
    let done: { status: string; rowsDone: number; counts: Record<string, number> };
    for (;;) {
      done = (await api(1, "GET", `/api/donors/imports/${id}`)).json();
      if (!["queued", "running"].includes(done.status)) break;
      if (Date.now() > deadline)
        throw new Error(`stayed ${done.status} at ${done.rowsDone}\n${servers[1]!.proc!.log()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(done.status, servers[1]!.proc!.log()).toBe("completed");
    expect(done.rowsDone).toBe(ROWS);
    expect(done.counts).toEqual({ inserted: ROWS, updated: 0, unchanged: 0, skipped: 0 });

    // The upload was kept in the database for the second server, and removed once the import ended.
    // (the job drops it right after the VACUUM that follows the import's last status).
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await expect
      .poll(async () => (await c.query("SELECT count(*)::int AS n FROM donor_import_uploads")).rows[0].n, {
        timeout: 30_000,
      })
      .toBe(0);
    await c.end();

    const exported = await api(1, "GET", `/api/donors/export?organizationId=${orgId}`);
    expect(exported.status).toBe(200);
    const rows = exported.text.trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(ROWS);
    expect(new Set(rows.map((r) => r.split(",").slice(0, 2).join(" "))).size).toBe(ROWS);

    // Every approval email arrives, each once (the outbox rows are claimed by one server).
    for (const email of emails) await smtp.waitFor((m) => m.to.includes(email), 60_000);
    await new Promise((r) => setTimeout(r, 2000));
    for (const email of emails) expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  }, 300_000);
});

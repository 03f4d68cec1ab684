// What the API tests need outside their own process: a fresh PostgreSQL database (helpers.ts, and the
// tests that run the real server) and the real server as a child process (activity-shutdown,
// donors-import-crash). One copy of each, so a fix to the drop or the start-up wait reaches every test.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildServer, serverBundle, serverBundleStale, serverProcess } from "../../../scripts/build-server.mjs";

/** The repository root (the child server runs from there, as `npm start` does). */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * Which database the API suite runs on: PGlite in memory by default; with
 * TEST_DATABASE=postgres, a fresh database per test file on the server at DATABASE_URL.
 */
export const testDatabaseKind = process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite";

/**
 * A new database on the PostgreSQL server at DATABASE_URL, empty or a copy of `template`; `url` reaches
 * it, `drop` removes it (closing whatever connections are still open to it).
 */
export async function createPostgresDatabase(
  prefix = "cultivate_test",
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE=postgres needs DATABASE_URL");
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } catch (err) {
        // FORCE needs pg_signal_backend to end an autovacuum worker busy on a freshly filled test
        // database; a plain DROP cancels autovacuum by itself, so fall back to it (briefly retried).
        if ((err as { code?: string }).code !== "42501") throw err;
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (again) {
            if (attempt >= 10) throw again;
            await new Promise((r) => setTimeout(r, 200));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

/** A TCP port nobody listens on right now (the child server's). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

export type ServerProcess = {
  proc: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Everything the server wrote to stdout and stderr (the last `keepLog` characters). */
  log: () => string;
};

export type ServerOptions = {
  /** `bundle`: the production bundle, as `npm start` runs it (rebuilt when a source is newer);
   * `source`: `node --import tsx apps/server/src/main.ts`. */
  from: "bundle" | "source";
  /** http://127.0.0.1:<port> it listens on (also its APP_URL). */
  baseUrl: string;
  dataDir: string;
  /** Empty for PGlite in DATA_DIR. */
  databaseUrl: string;
  admin: { email: string; password: string };
  authSecret: string;
  /** Where the (absent) web build would be: the API alone is served. */
  webDist: string;
  /** More environment (e.g. API_RATE_LIMIT). */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  keepLog?: number;
};

/** Starts the real server as a child process and resolves once /api/health answers. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  let args = ["--import", "tsx", "apps/server/src/main.ts"];
  let processEnv: Record<string, string> = {};
  if (options.from === "bundle") {
    // tsx would add seconds per start.
    if (serverBundleStale()) await buildServer();
    const settings = serverProcess({ DATABASE_URL: options.databaseUrl });
    args = [...settings.execArgv, serverBundle];
    processEnv = settings.env;
  }
  const proc = spawn(process.execPath, args, {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      ...processEnv,
      NODE_ENV: "production",
      PORT: new URL(options.baseUrl).port,
      HOST: "127.0.0.1",
      APP_URL: options.baseUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      AUTH_SECRET: options.authSecret,
      LOG_LEVEL: "warn",
      WEB_DIST: options.webDist,
      SMTP_URL: "",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = options.keepLog ?? Infinity;
  let output = "";
  const append = (d: Buffer) => {
    output += d.toString();
    if (output.length > keep) output = output.slice(-keep);
  };
  proc.stdout!.on("data", append);
  proc.stderr!.on("data", append);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    try {
      if ((await fetch(`${options.baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      // Gone before the caller removes its DATA_DIR.
      proc.kill("SIGKILL");
      await exited;
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, exited, log: () => output };
}

/** Signs in to a server started with startServer; the session cookie (throws unless 200). */
export async function signInCookie(baseUrl: string, credentials: { email: string; password: string }) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/**
 * For tests that start real servers: a scratch folder (with `dataDir` inside) and, on PostgreSQL, a fresh
 * database (`databaseUrl`; empty for PGlite in `dataDir`). `dispose` drops the database and the folder.
 */
export async function serverScratch(prefix: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const db = testDatabaseKind === "postgres" ? await createPostgresDatabase(prefix.replace(/-/g, "_")) : null;
  return {
    work,
    dataDir: path.join(work, "data"),
    databaseUrl: db?.url ?? "",
    dispose: async () => {
      await db?.drop();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

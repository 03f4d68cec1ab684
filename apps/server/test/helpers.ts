import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { eq } from "drizzle-orm";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig, type AppConfig } from "../src/config.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { donors, organizations, roles, userProfiles, userRoles, users } from "../src/db/schema.ts";
import type { RoleName } from "@cultivate/shared";
import { createPostgresDatabase, testDatabaseKind } from "./processes.ts";

export { testDatabaseKind };

/**
 * The migrated database each test's database starts from (global-setup.ts): PGlite's dump, read once per
 * test file, or PostgreSQL's template. Absent when a file runs outside the API project (then each
 * database is migrated from nothing, as before).
 */
let pgliteImage: Promise<Blob> | undefined;
function migratedImage(): Promise<Blob> | undefined {
  const file = inject("pgliteImage");
  if (!file) return undefined;
  pgliteImage ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteImage;
}

function openPglite(): Promise<Database> {
  const image = migratedImage();
  return image ? image.then((blob) => openDatabase({ kind: "pglite", image: blob })) : openDatabase({ kind: "pglite" });
}

function createTestPostgresDatabase() {
  return createPostgresDatabase("cultivate_test", inject("postgresTemplate"));
}

export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDatabaseKind === "pglite") {
    const database = await openPglite();
    return { database, drop: async () => {} };
  }
  const { url, drop } = await createTestPostgresDatabase();
  const database = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  return { database, drop };
}

/**
 * One database for several app instances, as several app servers share one PostgreSQL (ADR 040):
 * on PostgreSQL each `connect()` is a pool of its own on the same database; PGlite is one process's
 * database, so there every instance gets the same one.
 */
export async function openSharedTestDatabase(): Promise<{
  connect: () => Promise<Database>;
  close: () => Promise<void>;
}> {
  if (testDatabaseKind === "pglite") {
    const database = await openPglite();
    return { connect: async () => database, close: () => database.close() };
  }
  const { url, drop } = await createTestPostgresDatabase();
  const opened: Database[] = [];
  return {
    connect: async () => {
      const database = await openDatabase({ kind: "postgres", url, poolSize: 4 });
      opened.push(database);
      return database;
    },
    close: async () => {
      await Promise.all(opened.map((d) => d.close()));
      await drop();
    },
  };
}

export const TEST_APP_URL = "http://localhost:3000";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** `database`: an instance on a database it shares with others (openSharedTestDatabase), which closes it. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { database?: Database; logStream?: { write(line: string): void } } = {},
) {
  // A DATA_DIR of its own (import uploads are kept there while they run), removed on close.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-test-data-"));
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SUPPORT_EMAIL: "support@cultivate.test",
      APP_URL: TEST_APP_URL,
    }),
    authSecret: "test-secret-test-secret-test-secret-0123456789",
    dataDir,
    ...overrides,
  };
  const shared = options.database;
  const { database, drop } = shared ? { database: shared, drop: async () => {} } : await openTestDatabase();
  const app = await buildApp({ config, database, logStream: options.logStream });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      if (!shared) {
        await database.close();
        await drop();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    /**
     * JSON request with the app's own origin (better-auth checks it on cookie-bearing POSTs).
     * Each request comes from its own address unless `ip` is given, so per-IP limits only
     * meet the tests that are about them.
     */
    request(
      method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
      url: string,
      options: { body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string } = {},
    ) {
      return app.inject({
        method,
        url,
        remoteAddress: options.ip ?? `10.${nextOctet()}.${nextOctet()}.${nextOctet()}`,
        headers: {
          origin: config.appUrl,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
          ...options.headers,
        },
        ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
      });
    },
  };
}

/** The Cookie header a browser would send back after this response. */
export function cookieFrom(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((c) => c.value !== "" && c.maxAge !== 0)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

let counter = 0;
let octet = 0;
const nextOctet = () => (octet = (octet + 1) % 250) + 1;
export const uniqueEmail = (prefix = "user") => `${prefix}-${Date.now().toString(36)}-${++counter}@example.org`;

/** Registers through the real sign-up route and returns the session cookie. */
export async function registerUser(t: TestApp, email = uniqueEmail(), password = "password123") {
  const res = await t.request("POST", "/api/auth/sign-up/email", { body: { email, password, name: email } });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return { email, password, userId: user!.id, cookie: cookieFrom(res) };
}

export async function signIn(t: TestApp, email: string, password: string, rememberMe = true) {
  const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email, password, rememberMe } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/**
 * A user in a given state, for permission tests: status, organisation and one role. The user belongs
 * to a new organisation of its own unless `organizationId` names one, or is null for a user without
 * one (an admin, or someone who has not onboarded yet).
 */
export async function buildUser(
  t: TestApp,
  opts: { role?: RoleName; status?: "pending" | "submitted" | "approved"; organizationId?: string | null } = {},
) {
  const organizationId = opts.organizationId === undefined ? (await buildOrg(t)).id : opts.organizationId;
  const u = await registerUser(t);
  await t.db
    .update(userProfiles)
    .set({ onboardingStatus: opts.status ?? "approved", organizationId })
    .where(eq(userProfiles.id, u.userId));
  if (opts.role) {
    const [role] = await t.db.select().from(roles).where(eq(roles.name, opts.role));
    await t.db.insert(userRoles).values({ userId: u.userId, roleId: role!.id });
  }
  return { ...u, organizationId };
}

/** An organisation with a unique name (issue 5 factories). */
export async function buildOrg(t: TestApp, name = `Org ${Date.now().toString(36)}-${++counter}`) {
  const [org] = await t.db.insert(organizations).values({ name }).returning();
  return org!;
}

/** A donor of an organisation (issue 3 factories): typed columns by key, e.g. { lastName, estimatedCapacity }. */
export async function buildDonor(t: TestApp, organizationId: string, values: Partial<typeof donors.$inferInsert> = {}) {
  const [d] = await t.db
    .insert(donors)
    .values({ firstName: "Ada", lastName: `Donor${++counter}`, ...values, organizationId })
    .returning();
  return d!;
}

export const validOnboarding = (overrides: Record<string, unknown> = {}) => ({
  organizationName: "  Hope Foundation  ",
  firstName: "Ada",
  lastName: "Lovelace",
  phoneNumber: "",
  website: "https://hope.example.org",
  role: "Director of Development",
  otherRole: "",
  yearsWorked: "4–7 years",
  fundraisingTypes: ["Major Gifts", "Capital Campaigns"],
  otherFundraising: "",
  numDonors: 1200,
  annualBudget: "$1M–$4.9M",
  fullTimeStaff: "4–10",
  crmDb: "Bloomerang",
  softwareComfort: "Comfortable",
  aiTools: "No",
  aiToolsText: "",
  cultivateUse: "Plan our capital campaign",
  ...overrides,
});

export type { FastifyInstance };

/**
 * Uploads `csv` as `cookie`'s user and waits (polling every 50 ms, up to `polls` times) until the import
 * is completed, failed or undone: its batch as the API shows it. A refused upload throws with its answer.
 */
export async function importCsv(t: TestApp, csv: string, cookie: string, polls = 600) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/donors/imports",
    payload: csv,
    headers: { "content-type": "text/csv", cookie, origin: t.config.appUrl },
  });
  if (res.statusCode !== 202) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  for (let i = 0; i < polls; i++) {
    const body = (await t.request("GET", `/api/donors/imports/${res.json().id}`, { cookie })).json();
    if (["completed", "failed", "undone"].includes(body.status)) return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("import did not finish");
}

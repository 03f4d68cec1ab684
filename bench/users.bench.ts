// User Management at the size of a shared installation (issue 13, ADR 067): USERS_BENCH_USERS accounts
// (default 20,000) in organisations of 50, 2 % of them applicants with an onboarding form, then the
// list's pages over loopback HTTP as the admin (everyone) and as one owner. PGlite in a temporary data
// directory as `npm start` runs it, or with DATABASE_URL a fresh PostgreSQL database beside it.
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { onboardingForms, organizations, roles, userProfiles, userRoles, users } from "../apps/server/src/db/schema.ts";
import { load, pct } from "./support/app.ts";
import { benchDatabase } from "./support/database.ts";
import { benchServer, signedUpAs, timedGets } from "./support/server.ts";

const USERS = Number(process.env.USERS_BENCH_USERS ?? 20_000);
const PER_ORG = 50;
const REQUESTS = Number(process.env.USERS_BENCH_REQUESTS ?? 100);

console.log(
  `load ${load()}; ${USERS} users, ${PER_ORG} an organisation; ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
);
// USERS_BENCH_KEEP_DB=1 (PostgreSQL) keeps the database for EXPLAIN afterwards; its name is printed.
const { database, dispose } = await benchDatabase({ keepPostgres: Boolean(process.env.USERS_BENCH_KEEP_DB) });
const { app, origin } = await benchServer(database);

const roleId = async (name: string) => (await app.db.select().from(roles).where(eq(roles.name, name)))[0]!.id;
const officerRole = await roleId("org_officer");

// ---- the accounts, written straight to the tables 1,000 at a time (no password: they never sign in)
const seedStart = performance.now();
const orgIds: string[] = [];
for (let o = 0; o * PER_ORG < USERS; o++) {
  const [org] = await app.db
    .insert(organizations)
    .values({ name: `Bench Trust ${String(o).padStart(4, "0")}` })
    .returning();
  orgIds.push(org!.id);
}
for (let start = 0; start < USERS; start += 1000) {
  const rows = Array.from({ length: Math.min(1000, USERS - start) }, (_, k) => {
    const i = start + k;
    return {
      id: `bench-user-${i}`,
      name: `bench-user-${i}`,
      email: `user-${String(i).padStart(6, "0")}@bench.example.org`,
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
      applicant: i % 50 === 7,
      organizationId: orgIds[Math.floor(i / PER_ORG)]!,
    };
  });
  await app.db.insert(users).values(rows.map(({ id, name, email, createdAt }) => ({ id, name, email, createdAt })));
  await app.db.insert(userProfiles).values(
    rows.map((r) => ({
      id: r.id,
      organizationId: r.organizationId,
      onboardingStatus: r.applicant ? ("submitted" as const) : ("approved" as const),
    })),
  );
  await app.db
    .insert(userRoles)
    .values(rows.filter((r) => !r.applicant).map((r) => ({ userId: r.id, roleId: officerRole })));
  await app.db.insert(onboardingForms).values(
    rows
      .filter((r) => r.applicant)
      .map((r) => ({
        userId: r.id,
        organizationName: "Bench Trust",
        firstName: "Grace",
        lastName: `Applicant ${r.id}`,
        fundraisingTypes: ["Major Gifts"],
      })),
  );
}
console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const admin = (await signedUpAs(app, origin, "admin", null)).cookie;
const owner = (await signedUpAs(app, origin, "org_owner", orgIds[Math.floor(orgIds.length / 2)]!)).cookie;

/** REQUESTS of one GET, one after the other: p50, p95, the rows of the answer's list and its size. */
async function measure(label: string, cookie: string, path: string, list = "users") {
  const timed = await timedGets(origin, cookie, path, REQUESTS);
  if (!timed) return console.log(`${label.padEnd(40)} (no such route in this build)`);
  const { ms, body } = timed;
  const rows = (JSON.parse(body) as Record<string, unknown[]>)[list]!.length;
  console.log(
    `${label.padEnd(40)} p50 ${pct(ms, 50).toFixed(1).padStart(7)} ms  p95 ${pct(ms, 95).toFixed(1).padStart(7)} ms  ${String(rows).padStart(6)} ${list}, ${(body.length / 1024).toFixed(0).padStart(6)} KB`,
  );
}

const USERS_URL = "/api/admin/users";
await measure("admin, everyone, page 1", admin, USERS_URL);
await measure("admin, everyone, page 200", admin, `${USERS_URL}?page=200`);
await measure("admin, search one email", admin, `${USERS_URL}?q=user-012345`);
await measure("admin, search matching all", admin, `${USERS_URL}?q=bench.example`);
await measure("admin, search an applicant's name", admin, `${USERS_URL}?q=applicant%20bench-user-1007`);
await measure("admin, status submitted", admin, `${USERS_URL}?status=submitted`);
await measure("admin, one organisation", admin, `${USERS_URL}?organizationId=${orgIds[3]}`);
await measure("owner, their organisation", owner, USERS_URL);
await measure("admin, organisations page 1", admin, "/api/admin/organizations", "organizations");
await measure("admin, organisations search", admin, "/api/admin/organizations?q=trust%200123", "organizations");
await measure("admin, organisation names", admin, "/api/admin/organizations/names", "organizations");
console.log(`load ${load()}`);
await app.close();
await dispose();

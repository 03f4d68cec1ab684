// What the browser benches share: the app started in this process as the donors bench starts it
// (PGlite in a temporary data directory, or a fresh PostgreSQL database next to DATABASE_URL), serving
// the built web app, plus a signed-in officer and the donors bench's generated CSV uploaded through the API.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { benchDatabase } from "./database.ts";
import { benchCsv, importAndWait } from "./upload.ts";
import { organizations, roles, userProfiles, userRoles, users } from "../../apps/server/src/db/schema.ts";

export const webDist = path.resolve(process.env.WEB_DIST ?? "apps/web/dist");
/** Debian's Chromium, as the browser tests use it (never a downloaded browser). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"];

export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
export const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * keepDataDir: a PGlite data directory kept after the run (and reused when it holds one), so a bench can
 * import once and measure several builds against the same donors.
 */
export async function startApp({ keepDataDir }: { keepDataDir?: string } = {}) {
  if (!fs.existsSync(path.join(webDist, "index.html"))) throw new Error(`${webDist} is missing: run npm run build`);
  const { database, dispose } = await benchDatabase({ keepDataDir });
  const config = {
    ...loadConfig({ LOG_LEVEL: "silent", PORT: "0" }),
    authSecret: "bench-secret-bench-secret-bench-secret-0000",
    apiRateLimit: 1_000_000,
    webDist,
  };
  const app = await buildApp({ config, database });
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });

  async function officerOf(orgName: string) {
    const [org] = await app.db.insert(organizations).values({ name: orgName }).returning();
    const email = `bench-${crypto.randomBytes(4).toString("hex")}@example.org`;
    const password = "benchmark-password";
    const res = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password, name: email }),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [user] = await app.db.select().from(users).where(eq(users.email, email));
    await app.db
      .update(userProfiles)
      .set({ organizationId: org!.id, onboardingStatus: "approved" })
      .where(eq(userProfiles.id, user!.id));
    const [role] = await app.db.select().from(roles).where(eq(roles.name, "org_officer"));
    await app.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
    return { org: org!, cookie, email, password };
  }

  /** Uploads the donors bench's generated file (rows × 125 columns) and waits for the import to finish. */
  async function importDonors(cookie: string, rows: number) {
    return (await importAndWait(origin, cookie, await benchCsv(rows))).ms;
  }

  async function close() {
    await app.close();
    await dispose();
  }

  /** Signs in an existing user; the session cookie. */
  async function signIn(email: string, password: string) {
    const res = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }
  return { app, origin, database, officerOf, signIn, importDonors, close };
}

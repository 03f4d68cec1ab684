// What every bench that talks HTTP to the app shares: the app built as the production server builds it
// (quiet log, no rate limit to measure instead of the work), listening on a free loopback port, and
// approved accounts made through the real sign-up.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig, type AppConfig } from "../../apps/server/src/config.ts";
import type { Database } from "../../apps/server/src/db/client.ts";
import { roles, userProfiles, userRoles, users } from "../../apps/server/src/db/schema.ts";

export const BENCH_PASSWORD = "benchmark-password";

/** The app on `database`, listening on 127.0.0.1; `extra` adds settings (the web build to serve). */
export async function benchServer(database: Database, extra: Partial<AppConfig> = {}) {
  const config = {
    ...loadConfig({ LOG_LEVEL: "silent", PORT: "0" }),
    authSecret: "bench-secret-bench-secret-bench-secret-0000",
    apiRateLimit: 1_000_000,
    ...extra,
  };
  const app = await buildApp({ config, database });
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, origin };
}

/** The session cookie of a Set-Cookie answer, as a Cookie header. */
export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/**
 * A new account through the real sign-up, approved, in `organizationId` (null: none, for an admin),
 * holding `role`: its email, password and session cookie.
 */
export async function signedUpAs(app: FastifyInstance, origin: string, role: string, organizationId: string | null) {
  const email = `bench-${crypto.randomBytes(4).toString("hex")}@example.org`;
  const res = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, name: email }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}`);
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  await app.db
    .update(userProfiles)
    .set({ organizationId, onboardingStatus: "approved" })
    .where(eq(userProfiles.id, user!.id));
  const [row] = await app.db.select().from(roles).where(eq(roles.name, role));
  await app.db.insert(userRoles).values({ userId: user!.id, roleId: row!.id });
  return { email, password: BENCH_PASSWORD, cookie: cookieOf(res) };
}

/**
 * `requests` GETs of one path, one after the other, as the holder of `cookie`: each one's time (ms) and
 * the last answer's body. Anything but 200 stops the bench with the answer's start. A 404 on the first
 * request answers null instead (a route this build does not have, when a bench runs an older build).
 */
export async function timedGets(origin: string, cookie: string, path: string, requests: number) {
  const ms: number[] = [];
  let body = "";
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    const res = await fetch(`${origin}${path}`, { headers: { cookie } });
    body = await res.text();
    ms.push(performance.now() - start);
    if (res.status === 404 && i === 0) return null;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
  }
  return { ms, body };
}

// What the browser benches share: the app started in this process as the donors bench starts it
// (PGlite in a temporary data directory, or a fresh PostgreSQL database next to DATABASE_URL), serving
// the built web app, plus a signed-in officer and the donors bench's generated CSV uploaded through the API.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchDatabase } from "./database.ts";
import { benchCsv, importAndWait } from "./upload.ts";
import { organizations } from "../../apps/server/src/db/schema.ts";
import { benchServer, cookieOf, signedUpAs } from "./server.ts";

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
  const { app, origin } = await benchServer(database, { webDist });

  async function officerOf(orgName: string) {
    const [org] = await app.db.insert(organizations).values({ name: orgName }).returning();
    const { cookie, email, password } = await signedUpAs(app, origin, "org_officer", org!.id);
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
    return cookieOf(res);
  }
  return { app, origin, database, officerOf, signIn, importDonors, close };
}

import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { buildApp } from "../app.ts";
import { ensureAdmin } from "../services/admins.ts";

/** npm run create-admin -- --email a@b.org --password secret: same as ADMIN_EMAIL/ADMIN_PASSWORD at start. */
const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
if (!values.email || !values.password || values.password.length < 6) {
  console.error("Usage: npm run create-admin -- --email admin@example.org --password <at least 6 characters>");
  process.exit(2);
}
const config = { ...loadConfig(), logLevel: "warn" };
const database = await openDatabase(
  config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
).catch((err: unknown) => {
  // e.g. the embedded database is open in a running app: say so, without a stack trace.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
try {
  const app = await buildApp({ config, database });
  const { created } = await ensureAdmin(app.db, app.auth, values.email, values.password);
  console.log(`${created ? "Created" : "Updated"} platform admin ${values.email.trim().toLowerCase()}.`);
  await app.close();
} finally {
  await database.close();
}

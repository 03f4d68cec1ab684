import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { buildApp } from "./app.ts";
import { ensureAdmin } from "./services/admins.ts";
import { printDemo, seedDemo } from "./demo/seed.ts";

const fail = (err: unknown): never => {
  // Start-up problems (bad environment, data directory in use, database unreachable) in one clear line.
  console.error(`Cultivate could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
};
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return fail(err);
  }
})();
const database = await openDatabase(
  config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
).catch(fail);
const app = await buildApp({ config, database });

if (config.adminEmail && config.adminPassword) {
  const { created } = await ensureAdmin(app.db, app.auth, config.adminEmail, config.adminPassword);
  app.log.info({ email: config.adminEmail, created }, "platform admin ensured from ADMIN_EMAIL");
}

// Closing the app runs its onClose hooks: the activity recorder writes what it still holds, the mailer stops.
// scripts/start.mjs passes SIGINT, SIGTERM and SIGHUP on to this process.
let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  let code = 0;
  try {
    await app.close();
  } catch (err) {
    app.log.error({ err }, "error while closing the app");
    code = 1;
  }
  await database.close().catch((err: unknown) => app.log.error({ err }, "error while closing the database"));
  process.exit(code);
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(signal));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    url: config.appUrl,
    database: database.kind,
    dataDir: database.kind === "pglite" ? config.dataDir : undefined,
    smtp: Boolean(config.smtpUrl),
  },
  "Cultivate is running",
);

// SEED_DEMO=1: load the demo organisations, donors and users (idempotent) and print how to sign in.
if (process.env.SEED_DEMO === "1") printDemo(await seedDemo(app), config.appUrl);

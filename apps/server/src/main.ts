import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { buildApp } from "./app.ts";
import { ensureAdmin } from "./services/admins.ts";
import { printDemo, seedDemo } from "./demo/seed.ts";
import { serveBackupRequests } from "./backup/pglite.ts";

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

// SIGTERM drains (ADR 040): closing the app first stops listening and waits for the requests in flight
// (a request arriving on a kept-alive connection meanwhile gets 503, so a proxy retries it elsewhere);
// then its onClose hooks run: running imports stop after their current chunk and stay `running` for the
// next start, the mailer finishes the message it is sending and hands the rest of a sweep back to the queue,
// and the activity recorder writes what it still holds. A request still running after
// SHUTDOWN_GRACE_MS has its connection cut, so a stuck stream cannot hold the shutdown for ever.
// scripts/start.mjs passes SIGINT, SIGTERM and SIGHUP on to this process.
let closing = false;
let stopBackups = () => {};
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down: finishing the requests in flight");
  const grace = setTimeout(() => {
    app.log.warn({ graceMs: config.shutdownGraceMs }, "requests still running at the end of the grace period: cut");
    app.server.closeAllConnections();
  }, config.shutdownGraceMs);
  grace.unref();
  let code = 0;
  try {
    await app.close();
  } catch (err) {
    app.log.error({ err }, "error while closing the app");
    code = 1;
  }
  clearTimeout(grace);
  stopBackups();
  await database.close().catch((err: unknown) => app.log.error({ err }, "error while closing the database"));
  app.log.info("shut down");
  process.exit(code);
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(signal));

await app.listen({ port: config.port, host: config.host });
// npm run backup on the embedded database asks this process for the dump (ADR 041).
stopBackups = serveBackupRequests(database, config.dataDir, app.log);
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

// npm run demo: loads the demo organisations, donors and users into the configured database
// (DATA_DIR's embedded database, or DATABASE_URL), prints the sign-in details and exits.
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { buildApp } from "../app.ts";
import { printDemo, seedDemo } from "./seed.ts";

const config = { ...loadConfig(), logLevel: process.env.LOG_LEVEL ?? "warn" };
const database = await openDatabase(
  config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
);
const app = await buildApp({ config, database });
await app.ready();
try {
  printDemo(await seedDemo(app), config.appUrl);
} finally {
  await app.close();
  await database.close();
}

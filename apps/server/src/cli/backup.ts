import fs from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { BackupError } from "../backup/files.ts";
import { backupPglite } from "../backup/pglite.ts";
import { backupPostgres } from "../backup/postgres.ts";

/**
 * npm run backup [-- FILE]: a consistent snapshot of the database (ADR 041). PGlite: a tarball of its data
 * directory, written by the running app when one runs on DATA_DIR; PostgreSQL (DATABASE_URL): pg_dump.
 */
const { positionals } = parseArgs({ allowPositionals: true });
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = positionals[0] ?? `cultivate-backup-${stamp}${config.databaseUrl ? ".pgdump" : ".tar.gz"}`;
try {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose another file name.`);
  if (config.databaseUrl) {
    await backupPostgres(config.databaseUrl, file);
    console.log(`Backed up the PostgreSQL database to ${file} (pg_dump).`);
  } else {
    const how = await backupPglite(config.dataDir, file);
    console.log(
      `Backed up the embedded database in ${config.dataDir} to ${file}${how === "app" ? " (through the running server)" : ""}.`,
    );
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : `The backup failed: ${String(err)}`);
  process.exit(1);
}

import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { BackupError } from "../backup/files.ts";
import { restorePglite } from "../backup/pglite.ts";
import { restorePostgres } from "../backup/postgres.ts";

/**
 * npm run restore -- FILE: brings a backup (npm run backup) back into an empty DATA_DIR, or into the empty
 * database at DATABASE_URL (ADR 041). A target that holds data is refused: restore never overwrites.
 */
const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error("Usage: npm run restore -- FILE   (into an empty DATA_DIR, or the empty database at DATABASE_URL)");
  process.exit(2);
}
const file = positionals[0]!;
const config = loadConfig();
try {
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file);
    console.log(`Restored ${file} into the PostgreSQL database at DATABASE_URL.`);
  } else {
    await restorePglite(config.dataDir, file);
    console.log(`Restored ${file} into ${config.dataDir}. Start the app as usual.`);
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : `The restore failed: ${String(err)}`);
  process.exit(1);
}

// Backups of a PostgreSQL database (ADR 041): PostgreSQL's own pg_dump (one consistent snapshot, while the
// app servers run) and pg_restore. The password goes in the environment, not on the command line.
import { spawn } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { BackupError, fileKind } from "./files.ts";

/** The connection's settings as libpq variables, so `ps` never shows the password. */
function libpqEnv(databaseUrl: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, dbname: url.toString() };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (err: NodeJS.ErrnoException) =>
      reject(
        err.code === "ENOENT"
          ? new BackupError(
              `${tool} was not found: install the PostgreSQL client tools, of the server's version or newer.`,
            )
          : err,
      ),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** pg_dump's custom format: compressed, and pg_restore can bring it back into any empty database. */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  const { env, dbname } = libpqEnv(databaseUrl);
  const temp = `${file}.partial`;
  try {
    await run("pg_dump", ["--format=custom", `--file=${temp}`, `--dbname=${dbname}`], env);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
  fs.renameSync(temp, file);
}

export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  if ((await fileKind(file)) !== "postgres") {
    throw new BackupError(
      `${file} is not a PostgreSQL backup (pg_dump). A backup of the embedded database is restored without DATABASE_URL.`,
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0]!.n > 0) {
      throw new BackupError(
        `The database at DATABASE_URL is not empty (${rows[0]!.n} tables). Restore only goes into an empty database: create a new one and point DATABASE_URL at it.`,
      );
    }
  } finally {
    await client.end();
  }
  const { env, dbname } = libpqEnv(databaseUrl);
  // No owners or grants from the old server: the restoring role owns everything (managed databases differ).
  await run(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`, file],
    env,
  );
}

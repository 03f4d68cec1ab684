// Backups of the embedded database (ADR 041). PGlite is one process's database: while the app runs, only
// the app may read its files, so `npm run backup` asks the running app for the dump (SIGUSR2 and two small
// files in DATA_DIR); when nothing runs, it opens the data directory itself.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyBaseLogger } from "fastify";
import { dataDirHolder, lockDataDir, pgliteDataDir, pgliteOptions, type Database } from "../db/client.ts";
import { BackupError, fileKind, writeAtomically } from "./files.ts";

const requestFile = (dataDir: string) => path.join(dataDir, "backup-request.json");
const answerFile = (dataDir: string) => path.join(dataDir, "backup-answer.json");
/** Written by a server that answers backup requests: its pid. A process without the handler would die of SIGUSR2. */
const readyFile = (dataDir: string) => path.join(dataDir, "backup-ready.pid");

type BackupRequest = { id: string; file: string };
type BackupAnswer = { id: string; ok: boolean; error?: string };

/** A gzipped tarball of DATA_DIR's cluster, taken through the running app or by opening the directory. */
export async function backupPglite(dataDir: string, file: string, timeoutMs = 10 * 60_000): Promise<"app" | "files"> {
  const holder = dataDirHolder(dataDir);
  if (holder) {
    await askRunningApp(dataDir, holder, file, timeoutMs);
    return "app";
  }
  const dir = pgliteDataDir(dataDir);
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) {
    throw new BackupError(`There is no database in DATA_DIR ${dataDir} to back up.`);
  }
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite(dir, pgliteOptions);
    try {
      await client.waitReady;
      await client.exec("CHECKPOINT");
      await writeAtomically(file, await client.dumpDataDir("gzip"));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
  return "files";
}

async function askRunningApp(dataDir: string, pid: number, file: string, timeoutMs: number): Promise<void> {
  const ready = Number(fs.existsSync(readyFile(dataDir)) ? fs.readFileSync(readyFile(dataDir), "utf8") : 0);
  if (ready !== pid) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is in use by process ${pid}, which is not a running Cultivate server: wait for it to finish, then run the backup again.`,
    );
  }
  const request: BackupRequest = { id: crypto.randomUUID(), file: path.resolve(file) };
  fs.rmSync(answerFile(dataDir), { force: true });
  fs.writeFileSync(requestFile(dataDir), JSON.stringify(request));
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = readAnswer(dataDir);
    if (answer?.id === request.id) {
      fs.rmSync(answerFile(dataDir), { force: true });
      if (!answer.ok) throw new BackupError(`The running server could not write the backup: ${answer.error}`);
      return;
    }
    if (dataDirHolder(dataDir) !== pid) throw new BackupError(`The server (process ${pid}) stopped during the backup.`);
    if (Date.now() > deadline) throw new BackupError(`The server (process ${pid}) did not finish the backup in time.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function readAnswer(dataDir: string): BackupAnswer | null {
  try {
    return JSON.parse(fs.readFileSync(answerFile(dataDir), "utf8")) as BackupAnswer;
  } catch {
    return null; // not written yet (or half-written: it is renamed into place, so only "not yet")
  }
}

/**
 * In the running server (main.ts): answers `npm run backup` on SIGUSR2 with a dump of its own database.
 * Returns a function that stops answering.
 */
export function serveBackupRequests(database: Database, dataDir: string, log: FastifyBaseLogger): () => void {
  const dump = database.dumpDataDir;
  if (!dump) return () => {};
  let running: Promise<void> | null = null;
  const handle = () => {
    running ??= (async () => {
      let request: BackupRequest | null = null;
      try {
        request = JSON.parse(fs.readFileSync(requestFile(dataDir), "utf8")) as BackupRequest;
        fs.rmSync(requestFile(dataDir), { force: true });
        log.info({ file: request.file }, "writing a backup");
        await writeAtomically(request.file, await dump());
        answer({ id: request.id, ok: true });
        log.info({ file: request.file }, "backup written");
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        log.error({ err }, "backup failed");
        if (request) answer({ id: request.id, ok: false, error });
      }
    })().finally(() => (running = null));
  };
  const answer = (a: BackupAnswer) => {
    const temp = `${answerFile(dataDir)}.${process.pid}`;
    fs.writeFileSync(temp, JSON.stringify(a));
    fs.renameSync(temp, answerFile(dataDir));
  };
  process.on("SIGUSR2", handle);
  fs.writeFileSync(readyFile(dataDir), String(process.pid));
  return () => {
    process.off("SIGUSR2", handle);
    fs.rmSync(readyFile(dataDir), { force: true });
  };
}

/** Brings a PGlite backup back into DATA_DIR, which must hold no database and be in use by no process. */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  if ((await fileKind(file)) !== "pglite") {
    throw new BackupError(
      `${file} is not a backup of the embedded database (PGlite). A PostgreSQL backup is restored with DATABASE_URL set.`,
    );
  }
  const holder = dataDirHolder(dataDir);
  if (holder) {
    throw new BackupError(`DATA_DIR ${dataDir} is in use by process ${holder}. Stop the app, then restore.`);
  }
  const dir = pgliteDataDir(dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} already holds a database. Restore only goes into an empty data directory: move ${dir} away or set DATA_DIR to a new directory.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite(dir, { ...pgliteOptions, loadDataDir: await fs.openAsBlob(file) });
    try {
      await client.waitReady;
      await client.query("select 1");
    } finally {
      await client.close();
    }
  } catch (err) {
    // Nothing half-restored stays behind to be mistaken for a database.
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  } finally {
    release();
  }
}

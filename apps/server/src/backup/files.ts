import fs from "node:fs";
import path from "node:path";

/** A failure the CLI reports as its one sentence (no stack trace). */
export class BackupError extends Error {}

/** Written beside the target and renamed into place: a backup file is whole or absent. */
export async function writeAtomically(file: string, blob: Blob): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.partial`;
  await fs.promises.writeFile(temp, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(temp, file);
}

/** What a backup file holds, by its first bytes: PGlite's tarball is gzip, pg_dump's custom format starts "PGDMP". */
export async function fileKind(file: string): Promise<"pglite" | "postgres" | "unknown"> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const handle = await fs.promises.open(file, "r");
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
    if (head.toString("latin1") === "PGDMP") return "postgres";
    return "unknown";
  } finally {
    await handle.close();
  }
}

import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { donorImportUploads } from "../../../db/schema.ts";

/** About 1 MB per row: big enough that a 1 GB upload is a few thousand rows, small enough to stream. */
const PIECE_BYTES = 1 << 20;
/**
 * Pieces written at once, each on a connection of its own: the database compresses them (lz4, ADR 056)
 * and commits them in its own processes, so three keep it busy while this thread reads the file.
 */
const PIECES_AT_ONCE = 3;

/**
 * Copies a spooled upload into the database (PostgreSQL only: with several app servers the one that
 * takes over an import's job may not be the one that received the file; ADR 042). Written before the
 * batch row exists, like the spool file itself. The pieces are numbered, so their commit order does not
 * matter.
 */
export async function storeUpload(db: Db, batchId: string, filePath: string) {
  let seq = 0;
  const writing = new Set<Promise<unknown>>();
  let failed: unknown = null;
  try {
    for await (const piece of fs.createReadStream(filePath, { highWaterMark: PIECE_BYTES })) {
      if (failed) break;
      const w: Promise<unknown> = db
        .insert(donorImportUploads)
        .values({ batchId, seq: seq++, data: piece as Buffer })
        .then(
          () => writing.delete(w),
          (err: unknown) => {
            failed ??= err;
            writing.delete(w);
          },
        );
      writing.add(w);
      if (writing.size >= PIECES_AT_ONCE) await Promise.race(writing);
    }
  } finally {
    await Promise.all(writing);
  }
  if (failed) throw failed;
}

/**
 * Writes the stored upload back to `filePath` when this server has no copy of it. False when the
 * database has none either (PGlite, or an import filed before uploads were stored).
 */
export async function restoreUpload(db: Db, batchId: string, filePath: string): Promise<boolean> {
  if (fs.existsSync(filePath)) return true;
  const [first] = await db
    .select({ seq: donorImportUploads.seq })
    .from(donorImportUploads)
    .where(eq(donorImportUploads.batchId, batchId))
    .limit(1);
  if (!first) return false;
  await fsp.mkdir(path.dirname(filePath), { recursive: true }); // a server that never received an upload
  const temp = `${filePath}.restoring`;
  const out = await fsp.open(temp, "w");
  try {
    for (let seq = 0; ; seq += 8) {
      const rows = await db
        .select({ seq: donorImportUploads.seq, data: donorImportUploads.data })
        .from(donorImportUploads)
        .where(and(eq(donorImportUploads.batchId, batchId), gte(donorImportUploads.seq, seq)))
        .orderBy(asc(donorImportUploads.seq))
        .limit(8);
      for (const r of rows) await out.write(r.data);
      if (rows.length < 8) break;
    }
    await out.sync();
  } finally {
    await out.close();
  }
  await fsp.rename(temp, filePath); // whole or not at all
  return true;
}

export async function dropUpload(db: Db, batchId: string) {
  await db.delete(donorImportUploads).where(eq(donorImportUploads.batchId, batchId));
}

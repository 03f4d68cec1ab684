import fs from "node:fs";
import { Readable } from "node:stream";
import fsp from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { donorImportUploads } from "../../../db/schema.ts";

/** About 1 MB per row: big enough that a 1 GB upload is a few thousand rows, small enough to stream. */
const PIECE_BYTES = 1 << 20;
/**
 * Pieces written at once, each on a connection of its own: the database compresses them (lz4, ADR 056)
 * and commits them in its own processes, so three keep it busy while the upload goes on arriving.
 */
const PIECES_AT_ONCE = 3;

/** Where an upload's bytes go as they arrive (storeUpload). */
export type UploadStore = {
  /** Takes the next bytes; waits while PIECES_AT_ONCE pieces are being written. */
  write(bytes: Buffer): Promise<void>;
  /** Writes what is left; rejects with the first failed write. */
  finish(): Promise<void>;
  /** Waits for the writes under way and removes every piece written. */
  abort(): Promise<void>;
};

/**
 * Copies an upload into the database as it arrives, in numbered pieces of PIECE_BYTES (PostgreSQL only:
 * with several app servers the one that takes over an import's job may not be the one that received
 * the file; ADR 042). The CSV as sent, beside its parsing into the spool, so that parsing and storing
 * run at once (ADR 059). Finished before the batch row exists, like the spool file itself; the pieces
 * are numbered, so their commit order does not matter.
 */
export function storeUpload(db: Db, batchId: string): UploadStore {
  let seq = 0;
  let held: Buffer[] = [];
  let heldBytes = 0;
  const writing = new Set<Promise<unknown>>();
  let failed: unknown = null;
  const send = async (data: Buffer) => {
    while (writing.size >= PIECES_AT_ONCE) await Promise.race(writing);
    if (failed) throw failed;
    const w: Promise<unknown> = db
      .insert(donorImportUploads)
      .values({ batchId, seq: seq++, data, format: "csv" })
      .then(
        () => writing.delete(w),
        (err: unknown) => {
          failed ??= err;
          writing.delete(w);
        },
      );
    writing.add(w);
  };
  const flush = async (all: boolean) => {
    while (heldBytes >= PIECE_BYTES || (all && heldBytes > 0)) {
      const bytes = Buffer.concat(held, heldBytes);
      const piece = bytes.subarray(0, Math.min(PIECE_BYTES, bytes.length));
      const rest = bytes.subarray(piece.length);
      held = rest.length ? [rest] : [];
      heldBytes = rest.length;
      await send(piece);
    }
  };
  return {
    async write(bytes) {
      held.push(bytes);
      heldBytes += bytes.length;
      await flush(false);
    },
    async finish() {
      await flush(true);
      await Promise.all(writing);
      if (failed) throw failed;
    },
    async abort() {
      failed ??= new Error("upload stopped");
      await Promise.all(writing);
      await dropUpload(db, batchId);
    },
  };
}

/**
 * Spools the stored upload to `filePath` again (the CSV through `spool`, as when it arrived) when this
 * server has no copy of it; an upload stored before ADR 059 is the spool itself, written back as it is.
 * False when the database has none either (PGlite, or an import filed before uploads were stored).
 */
export async function restoreUpload(
  db: Db,
  batchId: string,
  filePath: string,
  spool: (body: Readable, filePath: string) => Promise<unknown>,
): Promise<boolean> {
  if (fs.existsSync(filePath)) return true;
  const [first] = await db
    .select({ format: donorImportUploads.format })
    .from(donorImportUploads)
    .where(eq(donorImportUploads.batchId, batchId))
    .limit(1);
  if (!first) return false;
  await fsp.mkdir(path.dirname(filePath), { recursive: true }); // a server that never received an upload
  const temp = `${filePath}.restoring`;
  async function* pieces() {
    for (let seq = 0; ; seq += 8) {
      const rows = await db
        .select({ seq: donorImportUploads.seq, data: donorImportUploads.data })
        .from(donorImportUploads)
        .where(and(eq(donorImportUploads.batchId, batchId), gte(donorImportUploads.seq, seq)))
        .orderBy(asc(donorImportUploads.seq))
        .limit(8);
      for (const r of rows) yield r.data;
      if (rows.length < 8) break;
    }
  }
  try {
    if (first.format === "csv") await spool(Readable.from(pieces()), temp);
    else {
      const out = await fsp.open(temp, "w");
      try {
        for await (const data of pieces()) await out.write(data);
        await out.sync();
      } finally {
        await out.close();
      }
    }
  } catch (err) {
    await fsp.rm(temp, { force: true });
    throw err;
  }
  await fsp.rename(temp, filePath); // whole or not at all
  return true;
}

export async function dropUpload(db: Db, batchId: string) {
  await db.delete(donorImportUploads).where(eq(donorImportUploads.batchId, batchId));
}

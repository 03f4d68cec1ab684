import type { KeySet } from "../key-set.ts";

/** The match keys an import slice worked with: the organisation's before the run, and the run's own. */
export type SliceKeys = { stored: KeySet; touched: KeySet; positionByte: number };

/** How long a paused slice's keys wait for the next slice on this server. */
const KEEP_MS = 120_000;

/**
 * The match keys a paused import slice leaves for its next slice on the same server (jobs.ts slices a
 * batch every 20 s). Without them each slice re-read every donor of the organisation: at a million
 * donors that was most of the import's time (docs/PERFORMANCE.md, issue 13). Only a speed-up: the keys
 * are used when the next slice starts exactly where this one committed (`rowsDone`), so a slice that
 * another server ran in between, or a restart, reads them from the database as before. They hold the
 * keys of the chunks the slice sent, all committed (a failed chunk keeps none): a key of the chunk the
 * next slice starts with would send that chunk through a match query for nothing. With them goes
 * where the next record starts in the spool, so the next slice does not read every earlier line.
 */
export class SliceKeyCache {
  private readonly kept = new Map<string, SliceKeys & { position: number; at: number }>();

  keep(batchId: string, position: number, keys: SliceKeys) {
    const now = Date.now();
    for (const [id, k] of this.kept) if (now - k.at > KEEP_MS) this.kept.delete(id);
    this.kept.set(batchId, { ...keys, position, at: now });
  }

  /** The keys kept for `batchId` if its next slice starts at `position`; taken either way. */
  take(batchId: string, position: number): SliceKeys | null {
    const k = this.kept.get(batchId);
    this.kept.delete(batchId);
    return k && k.position === position && Date.now() - k.at <= KEEP_MS
      ? { stored: k.stored, touched: k.touched, positionByte: k.positionByte }
      : null;
  }
}

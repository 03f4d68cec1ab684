import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { digestSubscriptions } from "../../db/schema.ts";

/** Weekly digest subscriptions by user (issue 15): a row means the user opted in. */
export function digestRepository(db: Db) {
  return {
    async of(userId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));
      return row ?? null;
    },

    async save(userId: string, v: { weekday: number; hour: number; timeZone: string }, tx: DbOrTx = db) {
      await tx
        .insert(digestSubscriptions)
        .values({ userId, ...v })
        .onConflictDoUpdate({ target: digestSubscriptions.userId, set: { ...v, updatedAt: new Date() } });
    },

    /** Whether there was a subscription to remove. */
    async remove(userId: string, tx: DbOrTx = db): Promise<boolean> {
      const gone = await tx
        .delete(digestSubscriptions)
        .where(eq(digestSubscriptions.userId, userId))
        .returning({ userId: digestSubscriptions.userId });
      return gone.length > 0;
    },

    /** Every subscription (one row per opted-in user; the schedule works out which are due). */
    all(tx: DbOrTx = db) {
      return tx.select().from(digestSubscriptions);
    },

    /**
     * Claims this week's digest of one user: sets `last_sent_at` only if it is still before the slot.
     * Under concurrent servers the row lock serialises the updates and the second one re-reads the row,
     * finds the new `last_sent_at` and matches nothing, so exactly one server sends (ADR 049).
     */
    async claim(userId: string, slot: Date, now: Date, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(digestSubscriptions)
        .set({ lastSentAt: now })
        .where(
          and(
            eq(digestSubscriptions.userId, userId),
            or(isNull(digestSubscriptions.lastSentAt), lt(digestSubscriptions.lastSentAt, slot)),
          ),
        )
        .returning({ userId: digestSubscriptions.userId });
      return rows.length > 0;
    },
  };
}

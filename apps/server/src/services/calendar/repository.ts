import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { calendarFeeds } from "../../db/schema.ts";

/** Calendar feeds by user (issue 15): the caller names the user, or looks one up by the secret's hash. */
export function calendarFeedRepository(db: Db) {
  return {
    async of(userId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return row ?? null;
    },
    async byHash(tokenHash: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
      return row ?? null;
    },
    /** Makes or replaces the user's feed; returns whether one existed. */
    async replace(userId: string, tokenHash: string, tx: DbOrTx = db): Promise<boolean> {
      const [old] = await tx
        .select({ u: calendarFeeds.userId })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId));
      await tx
        .insert(calendarFeeds)
        .values({ userId, tokenHash })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: new Date() } });
      return !!old;
    },
    async remove(userId: string, tx: DbOrTx = db): Promise<void> {
      await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },
  };
}

import { and, asc, count, desc, eq, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema.ts";
import { containsPattern } from "../../lib/like.ts";

const summaryColumns = {
  id: emailOutbox.id,
  to: emailOutbox.to,
  subject: emailOutbox.subject,
  kind: emailOutbox.kind,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

/** The states in which a message is done with: nothing will send it again (mail/mailer.ts). */
const FINISHED = ["sent", "stored", "failed"] as const;
/** Messages removed per statement by `prune`: short statements, so PGlite's other queries interleave. */
export const PRUNE_BATCH = 2_000;

/**
 * Reads of the email outbox for the admins' screen (the mailer, mail/mailer.ts, writes and sends it),
 * and its pruning. Platform-wide: the outbox belongs to no organisation, and only admins reach these reads.
 */
export function outboxRepository(db: Db) {
  const matching = (q: string | undefined): SQL | undefined => {
    if (!q) return undefined;
    const pattern = containsPattern(q);
    return or(ilike(emailOutbox.to, pattern), ilike(emailOutbox.subject, pattern));
  };
  return {
    /** One page, newest first (ties by id, so pages never overlap), and how many match. */
    async page(q: string | undefined, slice: { offset: number; limit: number }, tx: DbOrTx = db) {
      const where = matching(q);
      const rows = await tx
        .select(summaryColumns)
        .from(emailOutbox)
        .where(where)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .offset(slice.offset)
        .limit(slice.limit);
      const [total] = await tx.select({ n: count() }).from(emailOutbox).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /**
     * Removes up to `limit` finished messages written before `before`, oldest first (ADR 073); returns
     * how many. Queued and sending ones stay, however old: they are still to be sent.
     */
    async prune(before: Date, limit = PRUNE_BATCH, tx: DbOrTx = db): Promise<number> {
      const oldest = tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(lt(emailOutbox.createdAt, before), inArray(emailOutbox.status, [...FINISHED])))
        .orderBy(asc(emailOutbox.createdAt))
        .limit(limit);
      const gone = await tx
        .delete(emailOutbox)
        .where(inArray(emailOutbox.id, oldest))
        .returning({ id: emailOutbox.id });
      return gone.length;
    },

    /** One message with its text, or null. */
    async find(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ ...summaryColumns, text: emailOutbox.text })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id));
      return row ?? null;
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;

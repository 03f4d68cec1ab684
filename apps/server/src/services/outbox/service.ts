import type { FastifyInstance } from "fastify";
import { OUTBOX_NOT_FOUND_MESSAGE, OUTBOX_PAGE_SIZE, type OutboxEmail, type OutboxList } from "@cultivate/shared";
import { notFound } from "../../lib/errors.ts";
import { iso } from "../../lib/format.ts";
import { PRUNE_BATCH } from "./repository.ts";

/**
 * The email outbox as admins read it (docs/RULES.md, Email outbox). The routes' guard has already
 * checked `can.readEmailOutbox`; the outbox is platform-wide, so there is no organisation to scope by.
 */
type Summary = Awaited<ReturnType<FastifyInstance["repos"]["outbox"]["page"]>>["rows"][number];
const present = <T extends Summary>(r: T) => ({ ...r, createdAt: iso(r.createdAt)!, sentAt: iso(r.sentAt) });

export async function outboxPage(app: FastifyInstance, query: { q?: string; page: number }): Promise<OutboxList> {
  const { rows, total } = await app.repos.outbox.page(query.q, {
    offset: (query.page - 1) * OUTBOX_PAGE_SIZE,
    limit: OUTBOX_PAGE_SIZE,
  });
  return {
    emails: rows.map(present),
    total,
    page: query.page,
    pageSize: OUTBOX_PAGE_SIZE,
    keepDays: app.config.outboxKeepDays,
  };
}

/** Batches `pruneOutbox` removes per run at most (the housekeeping runs once a minute). */
const PRUNE_BATCHES_PER_RUN = 10;

/**
 * Removes the finished messages older than OUTBOX_KEEP_DAYS (ADR 073), a batch at a time, at most
 * PRUNE_BATCHES_PER_RUN batches a run: a backlog (the first run after an upgrade) goes over several
 * minutes instead of holding the database. Returns how many went.
 */
export async function pruneOutbox(app: FastifyInstance, now = new Date()): Promise<number> {
  const days = app.config.outboxKeepDays;
  if (days === null) return 0;
  const before = new Date(now.getTime() - days * 86_400_000);
  let removed = 0;
  for (let i = 0; i < PRUNE_BATCHES_PER_RUN; i++) {
    const n = await app.repos.outbox.prune(before);
    removed += n;
    if (n < PRUNE_BATCH) break;
  }
  if (removed) app.log.info({ removed, before: before.toISOString() }, "outbox: old finished emails removed");
  return removed;
}

export async function outboxEmail(app: FastifyInstance, id: string): Promise<OutboxEmail> {
  const row = await app.repos.outbox.find(id);
  if (!row) throw notFound(OUTBOX_NOT_FOUND_MESSAGE);
  return present(row);
}

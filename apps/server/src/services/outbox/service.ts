import type { FastifyInstance } from "fastify";
import { OUTBOX_NOT_FOUND_MESSAGE, OUTBOX_PAGE_SIZE, type OutboxEmail, type OutboxList } from "@cultivate/shared";
import { notFound } from "../../lib/errors.ts";
import { iso } from "../../lib/format.ts";

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
  return { emails: rows.map(present), total, page: query.page, pageSize: OUTBOX_PAGE_SIZE };
}

export async function outboxEmail(app: FastifyInstance, id: string): Promise<OutboxEmail> {
  const row = await app.repos.outbox.find(id);
  if (!row) throw notFound(OUTBOX_NOT_FOUND_MESSAGE);
  return present(row);
}

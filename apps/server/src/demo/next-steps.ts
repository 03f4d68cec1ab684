import type { FastifyInstance } from "fastify";
import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import { donors, nextSteps } from "../db/schema.ts";

/** What the demo's next steps say (issue 15): the kind of task a major-gift officer keeps. */
const TITLES = [
  "Call to thank for the last gift",
  "Send the impact report",
  "Invite to the spring site visit",
  "Ask the board chair to introduce us",
  "Schedule a lunch before the gala",
  "Share the capital campaign case statement",
  "Follow up on the pledge paperwork",
  "Send a handwritten note after the event",
];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Next steps for the demo (issue 15; docs/RULES.md, Next steps), once: for donors that have a relationship
 * manager, owned by that manager: some overdue, some due this week, some later, and a few done, so Today
 * and the donor dashboards have something to show.
 */
export async function seedDemoNextSteps(app: FastifyInstance, organizationId: string, perManager = 12) {
  const [existing] = await app.db
    .select({ n: count() })
    .from(nextSteps)
    .where(eq(nextSteps.organizationId, organizationId));
  if (existing?.n) return 0;
  const managed = await app.db
    .select({ id: donors.id, managerId: donors.relationshipManagerId })
    .from(donors)
    .where(and(eq(donors.organizationId, organizationId), isNotNull(donors.relationshipManagerId)))
    .orderBy(asc(donors.lastName), asc(donors.id));
  const taken = new Map<string, number>();
  const rows: (typeof nextSteps.$inferInsert)[] = [];
  for (const d of managed) {
    const n = taken.get(d.managerId!) ?? 0;
    if (n >= perManager) continue;
    taken.set(d.managerId!, n + 1);
    // Spread: 3 overdue, 4 this week, 3 later, 2 done of every 12.
    const slot = n % 12;
    const due = slot < 3 ? day(-2 - slot * 3) : slot < 7 ? day(slot - 3) : slot < 10 ? day(10 + slot * 4) : day(-20);
    const done = slot >= 10;
    rows.push({
      organizationId,
      donorId: d.id,
      title: TITLES[(rows.length * 5) % TITLES.length]!,
      dueDate: due,
      status: done ? "done" : "open",
      ownerId: d.managerId,
      createdBy: d.managerId,
      completedAt: done ? new Date(Date.now() - 15 * 86_400_000) : null,
      completedBy: done ? d.managerId : null,
    });
  }
  if (rows.length) await app.db.insert(nextSteps).values(rows);
  return rows.length;
}

import type { FastifyInstance } from "fastify";
import { and, asc, count, eq, inArray, notExists, sql } from "drizzle-orm";
import { campaignGoals, donors, stages } from "../db/schema.ts";
import { OfflineProvider } from "../ai/offline-provider.ts";
import { stageContext } from "../services/stages/context.ts";

/** Marks the demo's older Discovery records, so a second `npm run demo` does not add them again. */
const MARK = "Demo: first conversation notes";
/** How long ago each manager's older Discovery records were written (days): some well past the median. */
const AGES = [12, 20, 35, 50, 70, 95, 120, 150];

/**
 * Issue 15, The officer's day: the demo's own stage records are a few days old, all alike, so nobody
 * would be "longer in stage than usual". This gives a few donors of each portfolio a Discovery record
 * written weeks or months ago, spread so that some sit well past the organisation's median for
 * Connection. Their other donors stay without a stage ("not yet in Discovery"); most have no contact
 * report ("no contact for 90 days").
 */
export async function seedDemoSlowStages(app: FastifyInstance, organizationId: string, managerIds: readonly string[]) {
  const [done] = await app.db
    .select({ n: count() })
    .from(stages)
    .where(and(eq(stages.organizationId, organizationId), eq(stages.prepNotes, MARK)));
  if (done?.n || managerIds.length === 0) return 0;
  const planner = new OfflineProvider();
  const values: (typeof stages.$inferInsert)[] = [];
  for (const managerId of managerIds) {
    const picked = await app.db
      .select()
      .from(donors)
      .where(
        and(
          eq(donors.organizationId, organizationId),
          inArray(donors.relationshipManagerId, [managerId]),
          notExists(
            app.db
              .select({ x: sql`1` })
              .from(stages)
              .where(eq(stages.donorId, donors.id)),
          ),
          // Donors on a campaign's board keep the column the board demo gave them.
          notExists(
            app.db
              .select({ x: sql`1` })
              .from(campaignGoals)
              .where(eq(campaignGoals.donorId, donors.id)),
          ),
        ),
      )
      // The smaller gifts of the portfolio: the biggest stay "not yet in Discovery".
      .orderBy(asc(donors.estimatedCapacity), asc(donors.id))
      .limit(AGES.length);
    for (const [i, d] of picked.entries()) {
      const context = stageContext(d, "Discovery", {
        campaignName: null,
        campaignGoal: null,
        prepNotes: MARK,
        previous: [],
      });
      const { text, model } = await planner.generate({ prompt: "", context });
      values.push({
        donorId: d.id,
        organizationId,
        stageName: "Discovery",
        aiOutput: text,
        prepNotes: MARK,
        provider: planner.id,
        model,
        createdAt: new Date(Date.now() - AGES[i]! * 86_400_000),
      });
    }
  }
  if (values.length) await app.db.insert(stages).values(values);
  return values.length;
}

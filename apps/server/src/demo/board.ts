import type { FastifyInstance } from "fastify";
import { and, asc, count, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { BOARD_COLUMNS, currentStage } from "@cultivate/shared";
import { campaignGoals, campaigns, donors, stages } from "../db/schema.ts";

/** Notes a person writes when moving a card on the board (issue 15): what actually happened. */
const NOTES = [
  "Met her at the donor breakfast; she asked for a tour of the new wing.",
  "Good first call: he wants to hear about the scholarship fund before the gala.",
  "Toured the site with both of them; they asked about naming opportunities.",
];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Campaigns for the pipeline board (issue 15; docs/RULES.md, Pipeline board), once: "Spring Gala 2026" owned by
 * the officer and "Capital Campaign" owned by the owner, each with donors in every column: donors with
 * stage records (the demo's recommendations, one to five stages each), donors with none (Discovery), and a
 * few moved on by a person with a note, so the donor page shows a board move beside the AI's records.
 * Returns the number of cards per column of each campaign, for the summary.
 */
export async function seedDemoBoards(
  app: FastifyInstance,
  organizationId: string,
  owners: { officer: string | undefined; owner: string | undefined },
) {
  const [existing] = await app.db
    .select({ n: count() })
    .from(campaigns)
    .where(eq(campaigns.organizationId, organizationId));
  if (existing?.n) return [];
  const staged = await app.db
    .selectDistinct({ id: stages.donorId, lastName: donors.lastName })
    .from(stages)
    .innerJoin(donors, eq(donors.id, stages.donorId))
    .where(eq(stages.organizationId, organizationId))
    .orderBy(asc(donors.lastName), asc(stages.donorId));
  const stagedIds = staged.map((s) => s.id);
  // Donors without a record yet (Discovery), from the managed portfolios so cards name a manager.
  const fresh = await app.db
    .select({ id: donors.id })
    .from(donors)
    .where(
      and(
        eq(donors.organizationId, organizationId),
        stagedIds.length ? notInArray(donors.id, stagedIds) : undefined,
        sql`${donors.relationshipManagerId} is not null`,
      ),
    )
    .orderBy(sql`${donors.estimatedCapacity} desc nulls last`, asc(donors.id))
    .limit(12);
  const unassigned = await app.db
    .select({ id: donors.id })
    .from(donors)
    .where(
      and(
        eq(donors.organizationId, organizationId),
        isNull(donors.relationshipManagerId),
        stagedIds.length ? notInArray(donors.id, stagedIds) : undefined,
      ),
    )
    .orderBy(sql`${donors.estimatedCapacity} desc nulls last`, asc(donors.id))
    .limit(2);

  const plans = [
    {
      name: "Spring Gala 2026",
      goal: "$250,000",
      details: "Table sponsors and major gifts for the spring gala.",
      ownerUserId: owners.officer ?? owners.owner ?? null,
      donorIds: [...stagedIds.filter((_, i) => i % 2 === 0), ...fresh.slice(0, 6).map((d) => d.id), unassigned[0]?.id],
    },
    {
      name: "Capital Campaign",
      goal: "$2,000,000",
      details: "The new learning wing: leadership gifts first.",
      ownerUserId: owners.owner ?? null,
      donorIds: [...stagedIds.filter((_, i) => i % 2 === 1), ...fresh.slice(6).map((d) => d.id), unassigned[1]?.id],
    },
  ];
  const summary: { name: string; columns: number[] }[] = [];
  for (const [k, plan] of plans.entries()) {
    const [c] = await app.db
      .insert(campaigns)
      .values({
        organizationId,
        ownerUserId: plan.ownerUserId,
        name: plan.name,
        goal: plan.goal,
        details: plan.details,
        startDate: day(-60),
        endDate: day(180),
      })
      .returning({ id: campaigns.id });
    const ids = plan.donorIds.filter((id): id is string => !!id);
    if (!ids.length) continue;
    await app.db
      .insert(campaignGoals)
      .values(ids.map((donorId) => ({ campaignId: c!.id, donorId, organizationId, goalText: "" })));
    // Two of the new donors were moved on from Discovery by a person, with a note (no AI).
    const moved = plan.donorIds.filter((id) => id && !stagedIds.includes(id)).slice(0, 2) as string[];
    if (moved.length && plan.ownerUserId)
      await app.db.insert(stages).values(
        moved.map((donorId, i) => ({
          donorId,
          organizationId,
          stageName: "Discovery",
          kind: "person" as const,
          note: NOTES[(k + i) % NOTES.length]!,
          campaignId: c!.id,
          userId: plan.ownerUserId,
          createdAt: new Date(Date.now() - (3 + i * 4) * 86_400_000),
        })),
      );
    const done = await app.db
      .select({ donorId: stages.donorId, stageName: stages.stageName })
      .from(stages)
      .where(and(eq(stages.organizationId, organizationId), inArray(stages.donorId, ids)));
    const columns = BOARD_COLUMNS.map(
      (col) =>
        ids.filter((id) => currentStage(done.filter((r) => r.donorId === id).map((r) => r.stageName)) === col).length,
    );
    summary.push({ name: plan.name, columns });
  }
  return summary;
}

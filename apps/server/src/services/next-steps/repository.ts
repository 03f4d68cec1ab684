import { and, asc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import { addDays } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import { donors, nextSteps, users } from "../../db/schema.ts";
import { personName } from "../users/person-name.ts";

export type NextStepRow = Awaited<ReturnType<ReturnType<typeof nextStepRepository>["find"]>> & object;

/** Which open steps a list asks for: all open ones, overdue ones, or those due within the next 7 days. */
export type NextStepWindow = "overdue" | "week" | "open" | "all";

const columns = {
  s: nextSteps,
  donorName: sql<string>`coalesce(nullif(concat_ws(' ', ${donors.firstName}, ${donors.lastName}), ''), 'Unnamed donor')`,
  ownerEmail: users.email,
  ownerName: personName(nextSteps.ownerId),
};

/**
 * Next steps (issue 15). Reads name the organisation (or none, for an admin's view of every
 * organisation); `find` reads by id alone and the caller decides whether the actor may see it.
 */
export function nextStepRepository(db: Db) {
  const select = (tx: DbOrTx) =>
    tx
      .select(columns)
      .from(nextSteps)
      .innerJoin(donors, eq(donors.id, nextSteps.donorId))
      .leftJoin(users, eq(users.id, nextSteps.ownerId));

  return {
    async find(id: string, tx: DbOrTx = db) {
      const [row] = await select(tx).where(eq(nextSteps.id, id));
      return row ?? null;
    },

    /** A donor's steps: open ones first by due date, then done ones, newest first. */
    forDonor(organizationId: string, donorId: string, tx: DbOrTx = db) {
      return select(tx)
        .where(and(eq(nextSteps.organizationId, organizationId), eq(nextSteps.donorId, donorId)))
        .orderBy(
          sql`${nextSteps.status} = 'done'`,
          sql`case when ${nextSteps.status} = 'open' then ${nextSteps.dueDate} end asc`,
          sql`${nextSteps.completedAt} desc nulls last`,
        )
        .limit(200);
    },

    /** An owner's (or everyone's: ownerId undefined) steps of an organisation in a window, by due date. */
    list(
      q: { organizationId: string | null; ownerId?: string; window: NextStepWindow; today: string; limit: number },
      tx: DbOrTx = db,
    ) {
      const where: (SQL | undefined)[] = [
        q.organizationId ? eq(nextSteps.organizationId, q.organizationId) : undefined,
        q.ownerId ? eq(nextSteps.ownerId, q.ownerId) : undefined,
      ];
      if (q.window !== "all") where.push(eq(nextSteps.status, "open"));
      if (q.window === "overdue") where.push(lt(nextSteps.dueDate, q.today));
      if (q.window === "week") where.push(gte(nextSteps.dueDate, q.today), lte(nextSteps.dueDate, addDays(q.today, 7)));
      return select(tx)
        .where(and(...where))
        .orderBy(asc(nextSteps.dueDate), asc(nextSteps.createdAt))
        .limit(q.limit);
    },

    async create(values: typeof nextSteps.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(nextSteps).values(values).returning({ id: nextSteps.id });
      return row!.id;
    },

    async update(
      organizationId: string,
      id: string,
      patch: Partial<
        Pick<typeof nextSteps.$inferInsert, "title" | "dueDate" | "ownerId" | "status" | "completedAt" | "completedBy">
      >,
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx
        .update(nextSteps)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(nextSteps.id, id), eq(nextSteps.organizationId, organizationId)));
    },

    async remove(organizationId: string, id: string, tx: DbOrTx = db): Promise<void> {
      await tx.delete(nextSteps).where(and(eq(nextSteps.id, id), eq(nextSteps.organizationId, organizationId)));
    },
  };
}

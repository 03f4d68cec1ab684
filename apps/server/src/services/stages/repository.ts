import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { stages } from "../../db/schema.ts";
import { stageRecords } from "./context.ts";

export type NewStageRecord = Omit<typeof stages.$inferInsert, "id" | "organizationId" | "donorId" | "createdAt">;

/** A donor's stage records (AI recommendations), always by the donor's organisation and id. */
export function stageRepository(db: Db) {
  return {
    /** The donor's records as the workspace shows them, oldest first (or just one, with `onlyId`). */
    records: (organizationId: string, donorId: string, onlyId?: string, tx: DbOrTx = db) =>
      stageRecords(tx, donorId, organizationId, onlyId),

    /** Saves a complete answer in one statement; returns its id. */
    async insert(organizationId: string, donorId: string, values: NewStageRecord, tx: DbOrTx = db): Promise<string> {
      const [row] = await tx
        .insert(stages)
        .values({ ...values, donorId, organizationId })
        .returning({ id: stages.id });
      return row!.id;
    },

    /** Reset All Stages: deletes every record of the donor; returns how many. */
    async removeAll(organizationId: string, donorId: string, tx: DbOrTx = db): Promise<number> {
      const deleted = await tx
        .delete(stages)
        .where(and(eq(stages.donorId, donorId), eq(stages.organizationId, organizationId)))
        .returning({ id: stages.id });
      return deleted.length;
    },
  };
}
export type StageRepository = ReturnType<typeof stageRepository>;

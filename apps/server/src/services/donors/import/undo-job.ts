import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { DONOR_MESSAGES, type DonorFieldValue } from "@cultivate/shared";
import { donorChanges, donorImportBatches, donors, type DonorFieldChange } from "../../../db/schema.ts";
import { extraOf } from "../extra.ts";
import { fieldsOf } from "../list-sql.ts";
import { isColumnKey, RELATIONSHIP_MANAGER_KEY } from "../rows.ts";
import { sameValue, UNKNOWN_FIELD_PREFIX } from "./changes.ts";
import { dbErrorSummary, giveWay, ShuttingDown, type JobContext } from "./job.ts";

/**
 * Undo: revert the batch's updates, newest first (a donor two chunks updated gets its value from before
 * the first), each field only while it still holds the import's value (a later edit is left alone);
 * then delete its inserts. Safe to repeat after an interruption: what was reverted no longer holds the
 * import's value. On an error the batch becomes undoable again (completed, or failed when the import
 * itself had not finished).
 */
export async function runUndo(
  ctx: JobContext,
  batchId: string,
  organizationId: string,
  userId: string | null,
  release: () => void = () => {},
) {
  try {
    const changeIds = (
      await ctx.db
        .select({ id: donorChanges.id })
        .from(donorChanges)
        .where(and(eq(donorChanges.importBatchId, batchId), eq(donorChanges.source, "import")))
        .orderBy(desc(donorChanges.createdAt), desc(donorChanges.id))
    ).map((r) => r.id);
    for (let i = 0; i < changeIds.length; i += 500) {
      const ids = changeIds.slice(i, i + 500);
      const found = await ctx.db.select().from(donorChanges).where(inArray(donorChanges.id, ids));
      const byChangeId = new Map(found.map((c) => [c.id, c]));
      const page = ids.map((id) => byChangeId.get(id)).filter((c) => c !== undefined);
      const started = performance.now();
      await ctx.db.transaction(async (tx) => {
        const current = await tx
          .select()
          .from(donors)
          .where(
            and(
              eq(donors.organizationId, organizationId),
              inArray(donors.id, [...new Set(page.map((c) => c.donorId))]),
            ),
          );
        // Each donor's state as the page's reverts go (one donor may have several changes in a page).
        const state = new Map(
          current.map((d) => [
            d.id,
            {
              d,
              // The relationship manager too: an import's Relationship Manager column may have set it.
              fields: { ...fieldsOf(d), [RELATIONSHIP_MANAGER_KEY]: d.relationshipManagerId ?? null } as Record<
                string,
                DonorFieldValue
              >,
              unknown: { ...(d.extra?.unknown ?? {}) },
              dirty: false,
            },
          ]),
        );
        const undoRows: (typeof donorChanges.$inferInsert)[] = [];
        for (const change of page) {
          const s = state.get(change.donorId);
          if (!s) continue;
          const reverted: DonorFieldChange[] = [];
          for (const c of change.changes) {
            if (c.field.startsWith(UNKNOWN_FIELD_PREFIX)) {
              const h = c.field.slice(UNKNOWN_FIELD_PREFIX.length);
              if ((s.unknown[h] ?? null) !== c.new) continue;
              if (c.old === null) delete s.unknown[h];
              else s.unknown[h] = String(c.old);
            } else {
              if (!sameValue(s.fields[c.field], c.new)) continue; // changed again since: leave it
              s.fields[c.field] = c.old as DonorFieldValue;
            }
            reverted.push({ field: c.field, old: c.new, new: c.old });
          }
          if (!reverted.length) continue;
          s.dirty = true;
          undoRows.push({
            donorId: s.d.id,
            organizationId,
            userId,
            source: "undo",
            importBatchId: batchId,
            changes: reverted,
          });
        }
        for (const s of state.values()) {
          if (!s.dirty) continue;
          const set: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(s.fields)) if (isColumnKey(k)) set[k] = k === "notes" ? (v ?? "") : v;
          await tx
            .update(donors)
            .set({
              ...(set as Partial<typeof donors.$inferInsert>),
              extra: extraOf(s.fields, s.unknown, s.d.extra?.invalid ?? {}),
              updatedAt: new Date(),
            })
            .where(eq(donors.id, s.d.id));
        }
        if (undoRows.length) await tx.insert(donorChanges).values(undoRows);
      });
      if (ctx.stopping()) throw new ShuttingDown();
      const ended = performance.now();
      await giveWay(ctx, ended, ended - started);
    }
    for (;;) {
      const started = performance.now();
      const ids = await ctx.db
        .select({ id: donors.id })
        .from(donors)
        .where(and(eq(donors.createdByImportId, batchId), eq(donors.organizationId, organizationId)))
        .limit(1000);
      const n = ids.length;
      if (n)
        await ctx.db.delete(donors).where(
          inArray(
            donors.id,
            ids.map((r) => r.id),
          ),
        );
      if (!n) break;
      if (ctx.stopping()) throw new ShuttingDown();
      const ended = performance.now();
      await giveWay(ctx, ended, ended - started);
    }
    release();
    await ctx.db
      .update(donorImportBatches)
      .set({ status: "undone", undoneAt: new Date(), error: null })
      .where(eq(donorImportBatches.id, batchId));
  } catch (err) {
    if (err instanceof ShuttingDown) {
      ctx.log.info(
        { batchId },
        "undo paused after a committed page (slice over or shutdown); the next job continues it",
      );
      return;
    }
    release();
    ctx.log.error({ err: dbErrorSummary(err), batchId }, "undoing a donor import failed");
    await ctx.db
      .update(donorImportBatches)
      .set({
        status: sql`CASE WHEN ${donorImportBatches.rowsDone} >= ${donorImportBatches.rowsTotal} THEN 'completed' ELSE 'failed' END`,
        error: DONOR_MESSAGES.undoStopped,
      })
      .where(eq(donorImportBatches.id, batchId))
      .catch(() => {});
  }
}

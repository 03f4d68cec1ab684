import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { CursorReader, Db, DbOrTx } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { donorChanges, donors, organizations, stages, users } from "../../db/schema.ts";
import { personName } from "../users/person-name.ts";
import {
  countDonors,
  dsRatingsOf,
  exportLines,
  foldDonorCounts,
  listDonors,
  managersByUser,
  type DonorScope,
  type ListParams,
} from "./list-sql.ts";

// What the donor record, the stage workspace and the stage preview read for every donor they show.
const donorWithOrganization = prepared((db) =>
  db
    .select({ donor: donors, organizationName: organizations.name })
    .from(donors)
    .innerJoin(organizations, eq(organizations.id, donors.organizationId))
    .where(eq(donors.id, sql.placeholder("id")))
    .prepare("cultivate_donor_with_organization"),
);
const donorStages = prepared((db) =>
  db
    // Issue 15: who recorded it, named, for a record a person wrote on the pipeline board.
    .select({ stage: stages, userName: personName(stages.userId), userEmail: users.email })
    .from(stages)
    .leftJoin(users, eq(users.id, stages.userId))
    .where(
      and(eq(stages.donorId, sql.placeholder("donorId")), eq(stages.organizationId, sql.placeholder("organizationId"))),
    )
    .orderBy(asc(stages.createdAt))
    .prepare("cultivate_donor_stages"),
);
const donorChangeRows = prepared((db) =>
  db
    .select({ change: donorChanges, email: users.email })
    .from(donorChanges)
    .leftJoin(users, eq(users.id, donorChanges.userId))
    .where(
      and(
        eq(donorChanges.donorId, sql.placeholder("donorId")),
        eq(donorChanges.organizationId, sql.placeholder("organizationId")),
      ),
    )
    .orderBy(desc(donorChanges.createdAt))
    .limit(100)
    .prepare("cultivate_donor_changes"),
);

/**
 * Donor queries as the routes need them. The list, count and export take a `DonorScope` (one organisation,
 * or all for an admin); the record queries take the donor's organisation id. `readCursor` (PostgreSQL)
 * lets the export walk its rows with a cursor (list-sql.ts, exportLines).
 */
export function donorRepository(db: Db, readCursor?: CursorReader) {
  return {
    list: (p: ListParams & { page: number; pageSize: number }, tx: DbOrTx = db) => listDonors(tx, p),
    count: (p: Pick<ListParams, "scope" | "groupId">, tx: DbOrTx = db) => countDonors(tx, p),
    dsRatings: (scope: DonorScope, tx: DbOrTx = db) => dsRatingsOf(tx, scope),
    // No transaction argument: on PostgreSQL the export reads on a connection of its own (readCursor).
    exportLines: (p: ListParams) => exportLines(db, p, { readCursor }),
    /** Housekeeping: each organisation's donor count rows folded into one (ADR 051). */
    foldCounts: () => foldDonorCounts(db),

    /**
     * A donor by id with its organisation's name, whichever organisation it belongs to: the caller decides
     * whether the actor may see it (access.ts, `visibleDonor`), so a stranger's donor reads as missing.
     */
    async findWithOrganization(id: string, tx: DbOrTx = db) {
      const [row] = await donorWithOrganization(tx).execute({ id });
      return row ?? null;
    },

    /** The donor's stage rows, oldest first. */
    stagesOf(organizationId: string, donorId: string, tx: DbOrTx = db) {
      return donorStages(tx).execute({ organizationId, donorId });
    },

    /** The donor's last 100 changes, newest first, with the email of who made each. */
    changesOf(organizationId: string, donorId: string, tx: DbOrTx = db) {
      return donorChangeRows(tx).execute({ organizationId, donorId });
    },

    /** New notes and their entry in the change history, in one transaction. */
    async saveNotes(
      organizationId: string,
      donorId: string,
      userId: string,
      old: string | null,
      notes: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(donors)
          .set({ notes, updatedAt: new Date() })
          .where(and(eq(donors.id, donorId), eq(donors.organizationId, organizationId)));
        await tx.insert(donorChanges).values({
          donorId,
          organizationId,
          userId,
          source: "screen",
          changes: [{ field: "notes", old, new: notes }],
        });
      });
    },

    /** Users by id as a relationship manager is shown (id, email, name), for the donor page and the list. */
    managersByUser: (userIds: readonly string[], tx: DbOrTx = db) => managersByUser(tx, userIds),

    /** The given donors' organisation and current relationship manager (ids not found are left out). */
    managersOf(ids: readonly string[], tx: DbOrTx = db) {
      return tx
        .select({
          id: donors.id,
          organizationId: donors.organizationId,
          relationshipManagerId: donors.relationshipManagerId,
          managerEmail: users.email,
        })
        .from(donors)
        .leftJoin(users, eq(users.id, donors.relationshipManagerId))
        .where(inArray(donors.id, [...ids]));
    },

    /**
     * Sets the relationship manager of donors of one organisation and records each real change in the
     * change history (by email, so it stays readable if the user is deleted), in one transaction.
     */
    async setRelationshipManager(
      organizationId: string,
      changes: readonly { donorId: string; oldEmail: string | null }[],
      manager: { id: string; email: string } | null,
      actorUserId: string,
    ): Promise<void> {
      if (changes.length === 0) return;
      await db.transaction(async (tx) => {
        await tx
          .update(donors)
          .set({ relationshipManagerId: manager?.id ?? null, updatedAt: new Date() })
          .where(
            and(
              eq(donors.organizationId, organizationId),
              inArray(
                donors.id,
                changes.map((c) => c.donorId),
              ),
            ),
          );
        await tx.insert(donorChanges).values(
          changes.map((c) => ({
            donorId: c.donorId,
            organizationId,
            userId: actorUserId,
            source: "screen" as const,
            changes: [{ field: "relationship_manager", old: c.oldEmail, new: manager?.email ?? null }],
          })),
        );
      });
    },
  };
}
export type DonorRepository = ReturnType<typeof donorRepository>;

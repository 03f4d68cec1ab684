import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { contactReports, donors, users } from "../../db/schema.ts";

export type ContactReportValues = {
  type: (typeof contactReports.$inferInsert)["type"];
  contactDate: string;
  participants: string;
  participantUserIds: string[];
  summary: string;
  nextStep: string | null;
};

const columns = { report: contactReports, authorEmail: users.email, authorName: users.name };

/**
 * The donor's latest contact date, kept on donors.last_contact_date (docs/decisions/045-last-contact-column.md):
 * recomputed from the donor's reports (one index probe of contact_reports_donor_date_idx) inside the write's
 * transaction, so the list never disagrees with the timeline.
 */
async function refreshLastContact(tx: DbOrTx, organizationId: string, donorId: string) {
  await tx
    .update(donors)
    .set({
      lastContactDate: sql`(SELECT max(${contactReports.contactDate}) FROM ${contactReports} WHERE ${contactReports.donorId} = ${donorId})`,
    })
    .where(and(eq(donors.id, donorId), eq(donors.organizationId, organizationId)));
}

/** Contact reports, always by the donor's organisation (docs/RULES.md, Contact reports). */
export function contactReportRepository(db: Db) {
  return {
    /** The donor's reports, newest contact first (then newest written). */
    listOf(organizationId: string, donorId: string, tx: DbOrTx = db) {
      return tx
        .select(columns)
        .from(contactReports)
        .leftJoin(users, eq(users.id, contactReports.userId))
        .where(and(eq(contactReports.organizationId, organizationId), eq(contactReports.donorId, donorId)))
        .orderBy(desc(contactReports.contactDate), desc(contactReports.createdAt));
    },

    /** The donor's latest `limit` interactions (type, date, summary) for the stage prompt. */
    recent(organizationId: string, donorId: string, limit: number, tx: DbOrTx = db) {
      return tx
        .select({ type: contactReports.type, date: contactReports.contactDate, summary: contactReports.summary })
        .from(contactReports)
        .where(and(eq(contactReports.organizationId, organizationId), eq(contactReports.donorId, donorId)))
        .orderBy(desc(contactReports.contactDate), desc(contactReports.createdAt))
        .limit(limit);
    },

    async find(organizationId: string, donorId: string, id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select(columns)
        .from(contactReports)
        .leftJoin(users, eq(users.id, contactReports.userId))
        .where(
          and(
            eq(contactReports.id, id),
            eq(contactReports.organizationId, organizationId),
            eq(contactReports.donorId, donorId),
          ),
        );
      return row ?? null;
    },

    async insert(organizationId: string, donorId: string, userId: string, values: ContactReportValues) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactReports)
          .values({ ...values, organizationId, donorId, userId })
          .returning({ id: contactReports.id });
        await refreshLastContact(tx, organizationId, donorId);
        return row!.id;
      });
    },

    async update(organizationId: string, donorId: string, id: string, values: ContactReportValues) {
      await db.transaction(async (tx) => {
        await tx
          .update(contactReports)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(contactReports.id, id), eq(contactReports.organizationId, organizationId)));
        await refreshLastContact(tx, organizationId, donorId);
      });
    },

    /** Many reports of one organisation at once (the demo), then every donor's Last Contact in one statement. */
    async insertMany(organizationId: string, rows: (typeof contactReports.$inferInsert)[]) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 500)
          await tx.insert(contactReports).values(rows.slice(i, i + 500).map((r) => ({ ...r, organizationId })));
        await tx.execute(sql`
          UPDATE ${donors} SET last_contact_date = latest.d
          FROM (SELECT ${contactReports.donorId} AS donor_id, max(${contactReports.contactDate}) AS d
                FROM ${contactReports} WHERE ${contactReports.organizationId} = ${organizationId}
                GROUP BY ${contactReports.donorId}) AS latest
          WHERE ${donors.id} = latest.donor_id AND ${donors.organizationId} = ${organizationId}`);
      });
    },

    async remove(organizationId: string, donorId: string, id: string) {
      await db.transaction(async (tx) => {
        await tx
          .delete(contactReports)
          .where(and(eq(contactReports.id, id), eq(contactReports.organizationId, organizationId)));
        await refreshLastContact(tx, organizationId, donorId);
      });
    },
  };
}
export type ContactReportRepository = ReturnType<typeof contactReportRepository>;

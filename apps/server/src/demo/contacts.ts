import { asc, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ContactType } from "@cultivate/shared";
import { contactReports, donors } from "../db/schema.ts";

/**
 * Issue 15: a few months of believable contact reports for the demo organisation's donors, so the timeline,
 * Last Contact, Days Since Contact and the stage prompt have something to show. Deterministic (no Math.random),
 * and skipped when the organisation already has reports.
 */
const TEMPLATES: { type: ContactType; summary: string; nextStep: string | null; participants: string }[] = [
  {
    type: "call",
    summary: "<p>Thank-you call for the last gift. Asked what drew them to the <strong>scholarship fund</strong>.</p>",
    nextStep: "Send the scholars' impact report",
    participants: "Donor",
  },
  {
    type: "meeting",
    summary: "<p>Coffee near their office. Interested in the new library wing; wants to see the plans.</p>",
    nextStep: "Invite to the site visit in spring",
    participants: "Donor and spouse",
  },
  {
    type: "event",
    summary: "<p>Attended the spring gala; introduced to the board chair and stayed for the program.</p>",
    nextStep: "Personal note from the board chair",
    participants: "Donor, board chair",
  },
  {
    type: "email",
    summary: "<p>Sent the annual report with a short personal note; they replied with questions about the budget.</p>",
    nextStep: "Answer the budget questions by phone",
    participants: "Donor",
  },
  {
    type: "letter",
    summary: "<p>Handwritten thank-you letter from the executive director for their continued support.</p>",
    nextStep: null,
    participants: "",
  },
  {
    type: "meeting",
    summary:
      "<p>Site visit with the program director. Asked about <em>naming opportunities</em> and multi-year pledges.</p>",
    nextStep: "Prepare a proposal for a three-year pledge",
    participants: "Donor, program director",
  },
  {
    type: "call",
    summary: "<p>Left a voicemail, then a short call back: travelling until next month, happy to meet after.</p>",
    nextStep: "Call again after the 15th",
    participants: "Donor",
  },
];

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoContacts(
  app: FastifyInstance,
  organizationId: string,
  authorIds: readonly string[],
  donorCount = 120,
): Promise<number> {
  const [existing] = await app.db
    .select({ n: count() })
    .from(contactReports)
    .where(eq(contactReports.organizationId, organizationId));
  if (existing?.n || authorIds.length === 0) return 0;
  const some = await app.db
    .select({ id: donors.id })
    .from(donors)
    .where(eq(donors.organizationId, organizationId))
    .orderBy(asc(donors.lastName), asc(donors.firstName))
    .limit(donorCount);
  const rows: (typeof contactReports.$inferInsert)[] = [];
  for (const [i, d] of some.entries()) {
    // 1–4 contacts each, spread over the last ~6 months; every seventh donor was last contacted long ago.
    const n = 1 + (i % 4);
    let ago = i % 7 === 0 ? 150 + (i % 40) : (i * 13) % 45;
    for (let k = 0; k < n; k++) {
      const t = TEMPLATES[(i + k * 3) % TEMPLATES.length]!;
      const author = authorIds[(i + k) % authorIds.length]!;
      rows.push({
        organizationId,
        donorId: d.id,
        userId: author,
        type: t.type,
        contactDate: day(ago),
        participants: t.participants,
        participantUserIds: k % 3 === 1 && authorIds.length > 1 ? [authorIds[(i + k + 1) % authorIds.length]!] : [],
        summary: t.summary,
        nextStep: t.nextStep,
      });
      ago += 14 + ((i + k) % 30);
    }
  }
  if (!rows.length) return 0;
  await app.repos.contactReports.insertMany(organizationId, rows);
  return rows.length;
}

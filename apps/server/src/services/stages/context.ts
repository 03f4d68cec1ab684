import { and, asc, eq, sql } from "drizzle-orm";
import {
  CONTACT_TYPE_LABELS,
  contactSummaryText,
  DONOR_FIELDS,
  formatMoney,
  stageRecordText,
  withoutContactDetails,
  type ContactType,
  type DonorFieldValue,
} from "@cultivate/shared";
import type { DbOrTx } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { campaigns, stages, users } from "../../db/schema.ts";
import { fieldsOf, type DonorRow } from "../donors/list-sql.ts";
import { personName } from "../users/person-name.ts";
import type { StageContext } from "../../ai/types.ts";

/** Contact details stay out of prompts: a provider needs the donor's story, not their address. */
const PROMPT_EXCLUDED_SECTIONS = new Set(["Contact Information"]);
const MAX_FACTS = 80;

const show = (type: string, v: DonorFieldValue) => (v === null ? null : type === "money" ? formatMoney(v) : String(v));

export const donorName = (d: DonorRow) =>
  [d.prefix, d.firstName, d.middleName, d.lastName, d.suffix].filter(Boolean).join(" ") || "Unnamed donor";

/** The donor's filled fields as label → readable value, for the prompt. */
export function donorFacts(d: DonorRow): [string, string][] {
  const values = fieldsOf(d);
  const facts: [string, string][] = [];
  for (const f of DONOR_FIELDS) {
    // Derived fields (Last Contact) are left out: the prompt lists the interactions themselves.
    if (PROMPT_EXCLUDED_SECTIONS.has(f.section) || f.key === "notes" || f.derived) continue;
    const v = show(f.type, values[f.key] ?? null);
    if (v !== null && v !== "") facts.push([f.label, v]);
    if (facts.length >= MAX_FACTS) break;
  }
  if (d.city || d.state) facts.push(["Location", [d.city, d.state].filter(Boolean).join(", ")]);
  return facts;
}

const recordsQuery = (db: DbOrTx, onlyId: boolean) =>
  db
    .select({
      stage: stages,
      campaignName: campaigns.name,
      userEmail: users.email,
      userName: personName(stages.userId),
    })
    .from(stages)
    .leftJoin(campaigns, eq(campaigns.id, stages.campaignId))
    .leftJoin(users, eq(users.id, stages.userId))
    .where(
      and(
        eq(stages.donorId, sql.placeholder("donorId")),
        eq(stages.organizationId, sql.placeholder("organizationId")),
        onlyId ? eq(stages.id, sql.placeholder("onlyId")) : undefined,
      ),
    )
    .orderBy(asc(stages.createdAt));
const allRecords = prepared((db) => recordsQuery(db, false).prepare("cultivate_stage_records"));
const oneRecord = prepared((db) => recordsQuery(db, true).prepare("cultivate_stage_record"));

/** The donor's stage records, oldest first (or just one of them, with `onlyId`). */
export async function stageRecords(db: DbOrTx, donorId: string, organizationId: string, onlyId?: string) {
  const rows = onlyId
    ? await oneRecord(db).execute({ donorId, organizationId, onlyId })
    : await allRecords(db).execute({ donorId, organizationId });
  return rows.map(({ stage: s, campaignName, userEmail, userName }) => ({
    id: s.id,
    stageName: s.stageName,
    aiOutput: s.aiOutput,
    promptSent: s.promptResponse,
    prepNotes: s.prepNotes,
    campaignId: s.campaignId,
    campaignName,
    provider: s.provider,
    model: s.model,
    promptVersion: s.promptVersion,
    userEmail,
    userName: userName ?? null,
    // Issue 15: "person" when a card was moved on the pipeline board (a note, no AI output).
    kind: s.kind,
    note: s.note,
    createdAt: s.createdAt.toISOString(),
  }));
}

export function stageContext(
  d: DonorRow,
  stage: string,
  opts: {
    campaignName: string | null;
    campaignGoal: string | null;
    donorGoal?: string | null;
    prepNotes: string | null;
    previous: { stageName: string; aiOutput: string | null; kind?: string; note?: string | null; createdAt: string }[];
    recentInteractions?: readonly { type: ContactType; date: string; summary: string }[];
  },
): StageContext {
  const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
  return {
    stage,
    donor: {
      name: donorName(d),
      facts: donorFacts(d),
      capacity: num(d.estimatedCapacity),
      rating: d.dsRating,
      totalGiven: num(d.totalGiftAmount),
      giftCount: d.numberOfGifts,
      lastGiftDate: d.lastGiftDate,
      lastGiftAmount: num(d.lastGiftAmount),
      largestGift: num(d.largestGiftAmount) ?? num(d.largestGiftFound),
    },
    campaignName: opts.campaignName,
    campaignGoal: opts.campaignGoal,
    donorGoal: opts.donorGoal ?? null,
    prepNotes: opts.prepNotes,
    // A record a person wrote on the board speaks through its note (packages/shared/src/board.ts).
    previousStages: opts.previous.flatMap((p) => {
      const text = stageRecordText(p);
      return text ? [{ stageName: p.stageName, aiOutput: text, createdAt: p.createdAt }] : [];
    }),
    recentInteractions: (opts.recentInteractions ?? []).map((r) => ({
      type: CONTACT_TYPE_LABELS[r.type],
      date: r.date,
      summary: withoutContactDetails(contactSummaryText(r.summary)),
    })),
  };
}

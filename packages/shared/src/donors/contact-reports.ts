import { z } from "zod";
import { clipText, formatDate, formatNumber } from "../format.ts";
import { hasForbiddenCharacters, INPUT_MESSAGES, isCalendarDate } from "../input.ts";

/**
 * Contact reports (issue 15; docs/RULES.md, Contact reports): an interaction with a donor — a call, a
 * meeting, an email, an event, a letter — with its date, who took part, a short summary (rich text,
 * sanitised like donor notes) and an optional next step.
 */

export const CONTACT_TYPES = ["call", "meeting", "email", "event", "letter", "other"] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  call: "Call",
  meeting: "Meeting",
  email: "Email",
  event: "Event",
  letter: "Letter",
  other: "Other",
};

/**
 * The kind of interaction a next step's wording names ("Call Mrs Lee about the gala" → call: the first
 * word that names one wins), to start the contact report offered when the step is marked done
 * (docs/RULES.md, Next steps). Wording that names none is a call, the commonest contact; the person can
 * change it.
 */
const CONTACT_TYPE_WORDS: [ContactType, RegExp][] = [
  ["call", /\b(call|phone|ring)/],
  ["meeting", /\b(meet|lunch|coffee|breakfast|dinner|visit|tour)/],
  ["email", /\be-?mail/],
  ["event", /\b(event|gala|reception|invit)/],
  ["letter", /\b(letter|write|card|mail)/],
];
export function contactTypeForStep(title: string): ContactType {
  const t = title.toLowerCase();
  let best: { type: ContactType; at: number } = { type: "call", at: Infinity };
  for (const [type, words] of CONTACT_TYPE_WORDS) {
    const at = t.search(words);
    if (at >= 0 && at < best.at) best = { type, at };
  }
  return best.type;
}

export const CONTACT_SUMMARY_MAX_LENGTH = 20_000;
export const CONTACT_PARTICIPANTS_MAX_LENGTH = 500;
export const CONTACT_NEXT_STEP_MAX_LENGTH = 500;
export const CONTACT_PARTICIPANT_USERS_MAX = 20;
/** How many of a donor's latest interactions the stage prompt and the offline planner read. */
export const CONTACT_REPORTS_IN_PROMPT = 5;
/** How much of one summary the prompt carries (plain text). */
export const CONTACT_SUMMARY_PROMPT_CHARS = 400;

export const CONTACT_REPORT_MESSAGES = {
  created: "Contact report saved.",
  updated: "Contact report updated.",
  deleted: "Contact report deleted.",
  notFound: "That contact report doesn't exist or you don't have permission to view it.",
  forbidden: "Only its author, a manager or an owner can change this contact report.",
  invalidType: "Choose the kind of contact: call, meeting, email, event, letter or other.",
  invalidDate: "Please enter the contact's date as a real calendar date (YYYY-MM-DD).",
  futureDate: "The contact's date can't be in the future.",
  summaryRequired: "Please write a short summary of the contact.",
  summaryTooLong: `The summary is too long (${formatNumber(CONTACT_SUMMARY_MAX_LENGTH)} characters at most).`,
  participantsTooLong: `Participants are too long (${CONTACT_PARTICIPANTS_MAX_LENGTH} characters at most).`,
  nextStepTooLong: `The next step is too long (${CONTACT_NEXT_STEP_MAX_LENGTH} characters at most).`,
  tooManyParticipants: `Choose at most ${CONTACT_PARTICIPANT_USERS_MAX} colleagues who took part.`,
  ineligibleParticipant: "Every colleague who took part must be a member of the donor's organization.",
} as const;

/**
 * The last day a contact may be dated: today where it is already latest (UTC+14), so nobody's "today" is
 * refused whatever their time zone, and nothing later (docs/RULES.md, Contact reports).
 */
export function latestContactDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Whole days from the contact's date to today (UTC); never negative (a contact dated "today" east of UTC). */
export function daysSinceContact(date: string | null, now: Date = new Date()): number | null {
  if (!date || !isCalendarDate(date)) return null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Math.max(0, Math.round((today - Date.UTC(y, m - 1, d)) / 86_400_000));
}

const text = (max: number, tooLong: string) =>
  z
    .string()
    .max(max, { error: tooLong })
    .refine((s) => !hasForbiddenCharacters(s), { error: INPUT_MESSAGES.forbiddenCharacter });

/** POST and PUT /api/donors/{id}/contact-reports[/{reportId}]. The server sanitises the summary. */
export const contactReportInputSchema = z.object({
  type: z.enum(CONTACT_TYPES, { error: CONTACT_REPORT_MESSAGES.invalidType }),
  date: z
    .string({ error: CONTACT_REPORT_MESSAGES.invalidDate })
    .refine(isCalendarDate, { error: CONTACT_REPORT_MESSAGES.invalidDate })
    .refine((d) => !isCalendarDate(d) || d <= latestContactDate(), { error: CONTACT_REPORT_MESSAGES.futureDate }),
  participants: text(CONTACT_PARTICIPANTS_MAX_LENGTH, CONTACT_REPORT_MESSAGES.participantsTooLong).default(""),
  participantUserIds: z
    .array(z.string().min(1).max(200))
    .max(CONTACT_PARTICIPANT_USERS_MAX, { error: CONTACT_REPORT_MESSAGES.tooManyParticipants })
    .default([]),
  summary: text(CONTACT_SUMMARY_MAX_LENGTH, CONTACT_REPORT_MESSAGES.summaryTooLong),
  nextStep: text(CONTACT_NEXT_STEP_MAX_LENGTH, CONTACT_REPORT_MESSAGES.nextStepTooLong).nullish(),
});
export type ContactReportInput = z.input<typeof contactReportInputSchema>;

export const contactReportParamsSchema = z.object({ id: z.string(), reportId: z.string() });

export const contactReportUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() });

export const contactReportSchema = z.object({
  id: z.string(),
  donorId: z.string(),
  organizationId: z.string(),
  type: z.enum(CONTACT_TYPES),
  date: z.string(),
  participants: z.string(),
  participantUsers: z.array(contactReportUserSchema),
  /** Sanitised HTML. */
  summary: z.string(),
  nextStep: z.string().nullable(),
  author: contactReportUserSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may edit and delete it (docs/RULES.md, Contact reports). */
  canEdit: z.boolean(),
});
export type ContactReport = z.infer<typeof contactReportSchema>;

export const contactReportListResponseSchema = z.object({
  reports: z.array(contactReportSchema),
  /** Whether the caller may log a contact on this donor. */
  canCreate: z.boolean(),
  /** The donor's organisation's members who may be named as participants. */
  colleagues: z.array(contactReportUserSchema),
});
export const contactReportResponseSchema = z.object({ report: contactReportSchema, message: z.string() });
export const contactReportDeleteResponseSchema = z.object({ message: z.string() });

/** A summary's HTML as one line of plain text (for prompts and the offline planner): tags dropped, entities read. */
export function contactSummaryText(html: string, max = CONTACT_SUMMARY_PROMPT_CHARS): string {
  const t = html
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<\/(p|h[1-6]|li|blockquote|pre)>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return clipText(t, max);
}

const EMAIL_RE = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/gi;
const PHONE_RE = /(\+?\d[\d\s().-]{6,}\d)/g;
/** Contact details stay out of prompts (as the donor's Contact Information does): addresses and numbers are masked. */
export const withoutContactDetails = (s: string) => s.replace(EMAIL_RE, "[email]").replace(PHONE_RE, "[phone]");

/** The prompt's "Recent interactions" lines, newest first: "- Mar 5, 2026 · Call: summary". */
export function formatRecentInteractions(
  reports: readonly { type: ContactType; date: string; summary: string }[],
): string {
  if (reports.length === 0) return "None recorded";
  return reports
    .map(
      (r) =>
        `- ${formatDate(r.date)} · ${CONTACT_TYPE_LABELS[r.type]}: ${withoutContactDetails(contactSummaryText(r.summary))}`,
    )
    .join("\n");
}

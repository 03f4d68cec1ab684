import { z } from "zod";
import { relationshipManagerSchema } from "./donors/portfolio.ts";

/**
 * Next steps (issue 15; docs/RULES.md, Next steps): a task on a donor with a due date and an owner,
 * made by hand or from one step of a stage recommendation. Done, snooze (a later due date) and
 * reassign are edits of the same record.
 */

export const NEXT_STEP_TITLE_MAX = 500;
/** How far ahead a due date may be set: a plan, not a calendar for the next decade. */
export const NEXT_STEP_MAX_DAYS_AHEAD = 3 * 366;

export const NEXT_STEP_MESSAGES = {
  titleRequired: "Describe the next step.",
  titleTooLong: `A next step is at most ${NEXT_STEP_TITLE_MAX} characters.`,
  dueDateInvalid: "Enter a real due date (YYYY-MM-DD).",
  dueDateTooFar: "Choose a due date within the next three years.",
  ownerIneligible:
    "That user can't own this next step: choose an officer, manager or owner of the donor's organization.",
  notFound: "The next step you're looking for doesn't exist or you don't have permission to view it.",
  forbidden: "Only the step's owner, the person who added it, managers and owners can change this next step.",
  forbiddenOthers: "Only owners and managers can see a colleague's next steps.",
  stageRecordMismatch: "That recommendation belongs to another donor.",
  created: "Next step added.",
  updated: "Next step saved.",
  done: "Next step marked done.",
  deleted: "Next step deleted.",
  notSaved: "The next step could not be saved.",
} as const;

/** A calendar date, checked to exist (2026-02-30 is refused). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, NEXT_STEP_MESSAGES.dueDateInvalid)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, NEXT_STEP_MESSAGES.dueDateInvalid);

const titleSchema = z
  .string()
  .trim()
  .min(1, NEXT_STEP_MESSAGES.titleRequired)
  .max(NEXT_STEP_TITLE_MAX, NEXT_STEP_MESSAGES.titleTooLong);

export const NEXT_STEP_STATUSES = ["open", "done"] as const;
export type NextStepStatus = (typeof NEXT_STEP_STATUSES)[number];

export const nextStepSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  donorId: z.string(),
  donorName: z.string(),
  title: z.string(),
  dueDate: z.string(),
  status: z.enum(NEXT_STEP_STATUSES),
  owner: relationshipManagerSchema.nullable(),
  stageRecordId: z.string().nullable(),
  createdBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The server's answer to "may I change it" (the web never re-derives it). */
  permissions: z.object({ edit: z.boolean() }),
});
export type NextStep = z.infer<typeof nextStepSchema>;

/** POST /api/donors/{id}/next-steps. No owner: the donor's relationship manager, else whoever adds it. */
export const nextStepCreateSchema = z.object({
  title: titleSchema,
  dueDate: isoDateSchema,
  ownerId: z.string().min(1).max(200).nullable().optional(),
  stageRecordId: z.string().uuid().nullable().optional(),
});
export type NextStepCreate = z.infer<typeof nextStepCreateSchema>;

/** PATCH /api/next-steps/{id}: any of title, due date (snooze), owner (reassign), status (done / reopen). */
export const nextStepUpdateSchema = z
  .object({
    title: titleSchema.optional(),
    dueDate: isoDateSchema.optional(),
    ownerId: z.string().min(1).max(200).optional(),
    status: z.enum(NEXT_STEP_STATUSES).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "Nothing to change.");
export type NextStepUpdate = z.infer<typeof nextStepUpdateSchema>;

export const nextStepParamsSchema = z.object({ id: z.string().max(100) });

export const nextStepResponseSchema = z.object({ nextStep: nextStepSchema, message: z.string() });
export const nextStepListSchema = z.object({ items: z.array(nextStepSchema) });

/** GET /api/next-steps: the officer's list (mine by default; owners and managers may ask for anyone's). */
export const NEXT_STEP_WINDOWS = ["overdue", "week", "open", "all"] as const;
export const nextStepQuerySchema = z.object({
  owner: z.string().max(200).optional(), // "mine" (default), "all", or a user id
  window: z.enum(NEXT_STEP_WINDOWS).optional(),
  organizationId: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const DAY_MS = 86_400_000;
const WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10 };
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30 };

/** Adds days to a YYYY-MM-DD date (UTC calendar arithmetic). */
export const addDays = (isoDate: string, days: number) =>
  new Date(new Date(`${isoDate}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * A due date suggested from a step's wording ("within two weeks", "in 3 days", "next month",
 * "tomorrow", "by Friday" is not parsed): the person confirms it, so a plain default of one week is
 * enough when the text says nothing.
 */
export function suggestDueDate(step: string, today: string): string {
  const text = step.toLowerCase();
  if (/\btomorrow\b/.test(text)) return addDays(today, 1);
  if (/\b(today|immediately|right away|asap)\b/.test(text)) return today;
  const m =
    /\b(?:in|within|next|over the next)\s+(\d{1,3}|a|an|one|two|three|four|five|six|ten)?\s*(day|week|month)s?\b/.exec(
      text,
    );
  if (m) {
    const n = m[1] ? (WORDS[m[1]] ?? Number(m[1])) : 1;
    return addDays(today, Math.min(n * UNIT_DAYS[m[2]!]!, NEXT_STEP_MAX_DAYS_AHEAD));
  }
  return addDays(today, 7);
}

/**
 * The steps of a recommendation: its numbered lines (markdown as the AI writes it), without the
 * markers; bulleted lines only when nothing is numbered (bullets usually list facts, numbers the
 * plan). Headings and prose paragraphs are not steps.
 */
export function stepsOf(recommendation: string): string[] {
  const numbered: string[] = [];
  const bulleted: string[] = [];
  for (const line of recommendation.split(/\r?\n/)) {
    const m = /^\s*(?:(\d{1,2}[.)])|[-*•])\s+(.+)$/.exec(line);
    if (!m) continue;
    const step = m[2]!
      .replace(/\*\*|__|`/g, "")
      .trim()
      .slice(0, NEXT_STEP_TITLE_MAX);
    if (step) (m[1] ? numbered : bulleted).push(step);
  }
  return numbered.length > 0 ? numbered : bulleted;
}

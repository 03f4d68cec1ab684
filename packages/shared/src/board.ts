import { z } from "zod";
import { relationshipManagerSchema } from "./donors/portfolio.ts";
import { STAGES } from "./stages.ts";

/**
 * The pipeline board of a campaign (issue 15; docs/RULES.md, Pipeline board): one column per engagement
 * stage plus Complete, a card per donor of the campaign in the column of their current stage. A card
 * moves one column forward at a time, by a stage record a person writes with a short note.
 */

export const BOARD_COLUMNS = [...STAGES, "Complete"] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

export const BOARD_NOTE_MAX = 500;
/**
 * Cards a column shows at first, the highest capacity first; "Show more" adds as many again, up to
 * BOARD_COLUMN_MAX. A campaign of 11,000 donors sent every card at once (2 MB) and the browser took about
 * 29 s to draw them (docs/decisions/078-board-columns-a-page-at-a-time.md).
 */
export const BOARD_PAGE = 50;
/** The most cards one column shows; past it the manager filter narrows the board. */
export const BOARD_COLUMN_MAX = 1000;
/** The manager filter's value for donors without a relationship manager. */
export const BOARD_UNASSIGNED = "unassigned";

export const BOARD_MESSAGES = {
  accessDenied: "You don't have permission to use campaign boards.",
  noteRequired: "Please write a short note about this move.",
  noteTooLong: `The note is too long: ${BOARD_NOTE_MAX} characters at most.`,
  notInCampaign: "This donor is not in this campaign.",
  sameColumn: (stage: string) => `This donor is already in ${stage}.`,
  backwards: (current: string, to: string) =>
    `Cards only move forward: this donor is in ${current}, past ${to}, and a stage once recorded stays in the history.`,
  skip: (current: string, next: string) =>
    `Cards move one column at a time: move this donor from ${current} to ${next} first.`,
  complete: "This donor has completed every stage; there is no column after Complete.",
  movedMeanwhile: "Someone else moved this card just now. Reload the board to see where it is.",
  archived: "This campaign is archived. Unarchive it before moving cards.",
  moved: (name: string, to: string) => `${name} moved to ${to}.`,
} as const;

/** The column after a donor's current one, or null for Complete. */
export function nextColumn(current: BoardColumn): BoardColumn | null {
  const i = BOARD_COLUMNS.indexOf(current);
  return i >= 0 && i < BOARD_COLUMNS.length - 1 ? BOARD_COLUMNS[i + 1]! : null;
}

/**
 * Why a card in `current` may not move to `to` (the sentence the user reads), or null when `to` is exactly
 * the next column. Backwards is refused because stage records are history: un-recording a stage would
 * rewrite it (docs/decisions/048-person-written-stage-records.md).
 */
export function boardMoveRefusal(current: BoardColumn, to: BoardColumn): string | null {
  if (current === "Complete") return BOARD_MESSAGES.complete;
  const from = BOARD_COLUMNS.indexOf(current);
  const target = BOARD_COLUMNS.indexOf(to);
  if (target === from) return BOARD_MESSAGES.sameColumn(current);
  if (target < from) return BOARD_MESSAGES.backwards(current, to);
  if (target > from + 1) return BOARD_MESSAGES.skip(current, BOARD_COLUMNS[from + 1]!);
  return null;
}

/**
 * What a stage record tells later prompts and the offline planner: the AI's output, or, for a record a
 * person wrote on the board, their note (null when there is neither).
 */
export function stageRecordText(r: { aiOutput: string | null; kind?: string | null; note?: string | null }) {
  if (r.aiOutput) return r.aiOutput;
  return r.kind === "person" && r.note ? `Moved on from this stage by a person, who noted: ${r.note}` : null;
}

export const boardColumnSchema = z.enum(BOARD_COLUMNS);

export const boardQuerySchema = z.object({
  /** A relationship manager's user id, or "unassigned". */
  manager: z.string().trim().min(1).max(200).optional(),
});

export const boardCardSchema = z.object({
  donorId: z.string(),
  name: z.string(),
  estimatedCapacity: z.number().nullable(),
  relationshipManager: relationshipManagerSchema.nullable(),
  stage: boardColumnSchema,
  /** Whole days since the newest stage record, or since the donor was created when there is none. */
  daysInStage: z.number().int(),
  /** The earliest due date of the donor's open next steps (YYYY-MM-DD), or null. */
  nextStepDue: z.string().nullable(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** A column: how many donors are in it (under the filter) and the first of their cards, highest capacity first. */
export const boardColumnCardsSchema = z.object({
  stage: boardColumnSchema,
  count: z.number().int(),
  cards: z.array(boardCardSchema),
});
export type BoardColumnCards = z.infer<typeof boardColumnCardsSchema>;

/** GET /api/campaigns/{id}/board/columns/{stage}: one column's first `limit` cards ("Show more"). */
export const boardColumnParamsSchema = z.object({ id: z.uuid(), stage: boardColumnSchema });
export const boardColumnQuerySchema = boardQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(BOARD_COLUMN_MAX).default(BOARD_PAGE),
});

export const boardSchema = z.object({
  campaign: z.object({ id: z.string(), name: z.string(), isArchived: z.boolean(), organizationId: z.string() }),
  /** Every column with its count and its first BOARD_PAGE cards. */
  columns: z.array(boardColumnCardsSchema),
  /** The relationship managers of the campaign's donors, for the filter (whatever the filter shows). */
  managers: z.array(relationshipManagerSchema),
  /** Whether any donor of the campaign has no relationship manager (the filter offers "Unassigned"). */
  hasUnassigned: z.boolean(),
  permissions: z.object({ move: z.boolean() }),
});
export type Board = z.infer<typeof boardSchema>;

export const boardMoveInputSchema = z.object({
  donorId: z.uuid(),
  toStage: boardColumnSchema,
  note: z
    .string({ error: BOARD_MESSAGES.noteRequired })
    .trim()
    .min(1, { error: BOARD_MESSAGES.noteRequired })
    .max(BOARD_NOTE_MAX, { error: BOARD_MESSAGES.noteTooLong }),
});
export type BoardMoveInput = z.input<typeof boardMoveInputSchema>;

export const boardMoveResultSchema = z.object({ card: boardCardSchema, recordId: z.string(), message: z.string() });
export type BoardMoveResult = z.infer<typeof boardMoveResultSchema>;

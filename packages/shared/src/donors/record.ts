import { z } from "zod";
import { relationshipManagerSchema } from "./portfolio.ts";

export const stageRecordSchema = z.object({
  id: z.string(),
  stageName: z.string(),
  promptResponse: z.string().nullable(),
  aiOutput: z.string().nullable(),
  prepNotes: z.string().nullable(),
  campaignId: z.string().nullable(),
  /** Issue 15: "person" when a card was moved on the pipeline board; `note` is then what they wrote. */
  kind: z.enum(["ai", "person"]),
  note: z.string().nullable(),
  /** Who saved it: their name, else their email; null when unknown. */
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type StageRecord = z.infer<typeof stageRecordSchema>;

export const donorChangeSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** "import" (importBatchId set), "screen" (notes editor) or "undo" (an import was undone). */
  source: z.enum(["import", "screen", "undo"]),
  importBatchId: z.string().nullable(),
  createdAt: z.string(),
  changes: z.array(z.object({ field: z.string(), label: z.string(), old: z.unknown(), new: z.unknown() })),
});
export type DonorChange = z.infer<typeof donorChangeSchema>;

const fieldValueSchema = z.union([z.string(), z.number(), z.null()]);

export const donorRecordSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  /** Sanitised HTML from the Donor Notes editor ("" when none). */
  notes: z.string(),
  /** Every catalogue field by key (DONOR_FIELDS), null when empty. */
  fields: z.record(z.string(), fieldValueSchema),
  /** Columns of the import that are not in the catalogue, by their header. */
  unknownFields: z.record(z.string(), z.string()),
  currentStage: z.string(),
  /** Issue 15, Portfolios: who manages the donor, or null (unassigned). */
  relationshipManager: relationshipManagerSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DonorRecord = z.infer<typeof donorRecordSchema>;

export const donorRecordResponseSchema = z.object({
  donor: donorRecordSchema,
  /** Stage records, oldest first (the Engagement Timeline and the stage strip). */
  stages: z.array(stageRecordSchema),
  /** Change history, newest first (at most 100). */
  changes: z.array(donorChangeSchema),
  /** Computed permissions for the UI. */
  permissions: z.object({ editNotes: z.boolean(), assignRelationshipManager: z.boolean() }),
});
export type DonorRecordResponse = z.infer<typeof donorRecordResponseSchema>;

export const DONOR_NOTES_MAX_LENGTH = 100_000;
export const donorNotesInputSchema = z.object({ notes: z.string().max(DONOR_NOTES_MAX_LENGTH) });
export const donorNotesResponseSchema = z.object({ notes: z.string(), message: z.string() });

/** Tags the notes editor produces (Mantine tiptap: H1–H3, bold, italic, underline, strike, lists, blockquote, code block, link). */
export const DONOR_NOTES_ALLOWED_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "strike",
  "ol",
  "ul",
  "li",
  "blockquote",
  "pre",
  "code",
  "a",
] as const;

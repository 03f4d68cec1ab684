import { z } from "zod";

/**
 * queued → running → completed; a running import left by a stopped server is resumed at start-up, or
 * becomes `interrupted` when its upload is gone; `failed` = stopped by an error. Completed, failed and
 * interrupted imports can be undone (undoing → undone).
 */
export const IMPORT_STATUSES = [
  "queued",
  "running",
  "completed",
  "failed",
  "interrupted",
  "undoing",
  "undone",
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** 1 GB: a million-donor research export of 125 columns is ≈ 620 MB (issue 13). The upload streams to disk. */
export const IMPORT_MAX_BYTES = 1024 * 1024 * 1024;
/** Problems kept per import (the first ones, by row); `problemCount` counts all of them. */
export const IMPORT_PROBLEMS_SHOWN = 1000;

export const importProblemSchema = z.object({
  /** 1-based number of the data row (the header is row 0; blank lines are not counted). */
  row: z.number().int(),
  /** The column's header as written in the file ("" for a problem with the whole row). */
  column: z.string(),
  problem: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importBatchSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  fileName: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  counts: z.object({
    inserted: z.number().int(),
    updated: z.number().int(),
    /** Matched an existing donor whose values were all the same. */
    unchanged: z.number().int(),
    /** Rows not imported (no first and no last name); each has a problem in the report. */
    skipped: z.number().int(),
  }),
  problemCount: z.number().int(),
  /** The first IMPORT_PROBLEMS_SHOWN problems, by row. */
  problems: z.array(importProblemSchema),
  /** One sentence when status is failed or interrupted (or an undo stopped); never SQL or donor data. */
  error: z.string().nullable(),
  /** DONOR_MESSAGES.uploadSuccess once completed: "Successfully uploaded {n} donor records ({new} new, …)!". */
  message: z.string().nullable(),
  /** Who ran the import (null when that account was deleted). */
  createdBy: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
  /** The organisation's name, for an admin's list across organisations. */
  organizationName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  /** The import can be undone now (completed, failed or interrupted, with rows written) and this user may (can.undoImport). */
  canUndo: z.boolean(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

export const importQuerySchema = z.object({
  /** Admins only: import into this organisation (empty = their own). Others: 404 unless their own. */
  targetOrganizationId: z.string().uuid().optional(),
  fileName: z.string().max(255).optional(),
});

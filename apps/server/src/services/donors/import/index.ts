/**
 * The donor CSV import: the upload is spooled to disk (spool.ts), a background job imports it chunk by
 * chunk and can resume (import-job.ts), another reverts it (undo-job.ts); the SQL of one chunk is in
 * chunk-sql.ts and DonorImportJobs (jobs.ts) runs one job at a time per organisation.
 */
export { changeLabel } from "./changes.ts";
export { dbErrorSummary } from "./job.ts";
export { DonorImportJobs } from "./jobs.ts";
export { importSpoolDir, spoolUpload, type SpooledUpload } from "./spool.ts";

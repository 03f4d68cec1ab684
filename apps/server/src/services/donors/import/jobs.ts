import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/client.ts";
import { forgetDsRatings } from "../list-sql.ts";
import { recoverBatches, runImport } from "./import-job.ts";
import { dbErrorSummary, type JobContext } from "./job.ts";
import { runUndo } from "./undo-job.ts";

/**
 * Runs imports and undos in the background, one at a time per organisation, chunk by chunk.
 *
 * An import's position is the batch row itself: each chunk's donors, before-images (donor_changes),
 * problems and `rows_done` commit in one transaction, and the upload stays in DATA_DIR/imports until
 * the import ends. `runImport(batchId)` continues a batch from its stored position, whether it is new,
 * left `running` by a stopped server, or (later) handed to a queue worker. The jobs themselves are in
 * import-job.ts and undo-job.ts; this class only schedules them.
 */
export class DonorImportJobs {
  private readonly jobs = new Set<Promise<void>>();
  /** Jobs started and not yet released, per organisation. */
  private readonly active = new Map<string, number>();
  /** Per organisation, when the job started last releases it: the next one waits for that. */
  private readonly chains = new Map<string, Promise<void>>();
  private stopping = false;
  private readonly ctx: JobContext;

  constructor(
    db: Db,
    private readonly log: FastifyBaseLogger,
    spoolDir: string,
  ) {
    this.ctx = { db, log, spoolDir, stopping: () => this.stopping };
  }

  isBusy(organizationId: string) {
    return this.active.has(organizationId);
  }

  /** At start-up: continues the imports and undos a stopped process left (see recoverBatches). */
  async recover() {
    await recoverBatches(this.ctx, this);
  }

  /** Starts (or continues) an import whose batch row and spooled upload exist. */
  startImport(batchId: string, organizationId: string) {
    this.track(organizationId, (release) => this.runImport(batchId, release));
  }

  startUndo(batchId: string, organizationId: string, userId: string | null) {
    this.track(organizationId, (release) => runUndo(this.ctx, batchId, organizationId, userId, release));
  }

  /** Resolves when no job is running (tests, shutdown). */
  async idle() {
    while (this.jobs.size) await Promise.allSettled([...this.jobs]);
  }

  /** Stops after the chunk being written commits; running imports stay `running` and resume at the next start. */
  async close() {
    this.stopping = true;
    await this.idle();
  }

  /**
   * Runs `work` once the organisation's previous job has released it. `release` frees the organisation
   * when the job's donors are written, before its final status and clean-up (VACUUM), so a client that
   * sees the status may start the next import at once.
   */
  private track(organizationId: string, work: (release: () => void) => Promise<void>) {
    this.active.set(organizationId, (this.active.get(organizationId) ?? 0) + 1);
    let released = false;
    let signal!: () => void;
    const freed = new Promise<void>((r) => (signal = r));
    const release = () => {
      if (released) return;
      released = true;
      const n = (this.active.get(organizationId) ?? 1) - 1;
      if (n > 0) this.active.set(organizationId, n);
      else this.active.delete(organizationId);
      forgetDsRatings(organizationId);
      if (this.chains.get(organizationId) === freed) this.chains.delete(organizationId);
      signal();
    };
    const before = this.chains.get(organizationId) ?? Promise.resolve();
    this.chains.set(organizationId, freed);
    const p: Promise<void> = before
      .then(() => work(release))
      .catch((err) => this.log.error({ err: dbErrorSummary(err) }, "donor import job failed"))
      .finally(() => {
        release();
        this.jobs.delete(p);
      });
    this.jobs.add(p);
  }

  /** Continues batch `batchId` from its stored position (rows_done) to the end of its spooled upload. */
  async runImport(batchId: string, release: () => void = () => {}) {
    await runImport(this.ctx, batchId, release);
  }
}

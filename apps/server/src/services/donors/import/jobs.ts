import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { and, eq, inArray } from "drizzle-orm";
import type { Database, Db, TryLock } from "../../../db/client.ts";
import { donorImportBatches } from "../../../db/schema.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import { recoverBatches, runImport } from "./import-job.ts";
import { dbErrorSummary, type JobContext } from "./job.ts";
import { SliceKeyCache } from "./slice-keys.ts";
import { spoolFile, spoolPath, spoolUpload } from "./spool.ts";
import { runUndo } from "./undo-job.ts";
import { ImportWorker } from "./worker-client.ts";
import { dropUpload, restoreUpload, storeUpload } from "./upload-store.ts";

/** The queue of imports and undos: one job at a time per organisation, across every server. */
export const DONOR_WORK_QUEUE = "donor-work";
/**
 * A job works this long, then hands the rest of its batch to a new job and ends. Short slices keep a
 * job's expiry short, so the work of a server that died is taken up by another within a minute
 * (docs/decisions/042-job-queue.md).
 */
export const SLICE_MS = 20_000;
/** How often each server looks for batches whose server died (recover). */
const SWEEP_MS = 15_000;
const lockKey = (batchId: string) => `donor-batch:${batchId}`;

type DonorWork =
  | { kind: "import"; batchId: string; organizationId: string }
  | { kind: "undo"; batchId: string; organizationId: string; userId: string | null };

/** Statuses in which a batch has work left, and so the organisation is busy. */
const BUSY = ["queued", "running", "undoing"] as const;

/**
 * Runs imports and undos as jobs of the database's queue (jobs/queue.ts), chunk by chunk.
 *
 * An import's position is the batch row itself: each chunk's donors, before-images (donor_changes),
 * problems and `rows_done` commit in one transaction, and the upload stays in DATA_DIR/imports until
 * the import ends. `runImport(batchId)` continues a batch from its stored position, so a job is one
 * slice of a batch: it runs for SLICE_MS, pauses after a committed chunk and sends the next slice.
 * A server that dies mid-slice leaves its job `active`; when it expires, the queue gives it to
 * another server (or to this one, restarted), which continues from the last committed chunk. A
 * lock per batch (Database.tryLock) keeps two servers off one batch even then.
 */
export class DonorImportJobs {
  private stopping = false;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<void>>();
  /** Reads and parses uploads off the main thread, for every import of this process. */
  private readonly worker = new ImportWorker();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly spoolDir: string,
    private readonly queue: JobQueue,
    private readonly tryLock: TryLock,
    private readonly embedded: boolean,
    private readonly sliceMs = SLICE_MS,
    /** Database.quiet (PGlite), for the jobs to give way to requests (job.ts, giveWay). */
    private readonly quiet?: Database["quiet"],
  ) {
    queue.work<DonorWork>(DONOR_WORK_QUEUE, (work, job) => this.track(this.runSlice(work, job.id)), {
      policy: "one-per-key",
      concurrency: 4, // organisations import side by side
    });
  }

  /** An organisation is busy while one of its batches has work left (in the database, for every server). */
  async isBusy(organizationId: string) {
    const [row] = await this.db
      .select({ id: donorImportBatches.id })
      .from(donorImportBatches)
      .where(and(eq(donorImportBatches.organizationId, organizationId), inArray(donorImportBatches.status, BUSY)))
      .limit(1);
    return !!row;
  }

  /**
   * At start-up, then every SWEEP_MS on every server: finds batches with work left that nobody works on
   * (their lock is free) and gives them a job again. An `active` job of such a batch belonged to a
   * server that died (its lock went with its connection): it is retried now, not when it expires; a
   * batch without any job (its server stopped between filing it and queuing it) gets one.
   * The embedded database has one process, so first the batches it left are continued or ended
   * (recoverBatches: an upload that is gone ends the import interrupted).
   */
  async recover() {
    if (this.embedded)
      await recoverBatches(
        this.context(() => false),
        this,
      );
    await this.sweep();
    this.sweeper = setInterval(() => {
      this.sweep().catch((err: unknown) => this.log.error({ err: dbErrorSummary(err) }, "import job sweep failed"));
    }, SWEEP_MS);
    this.sweeper.unref();
  }

  private async sweep() {
    const batches = await this.db
      .select({
        id: donorImportBatches.id,
        organizationId: donorImportBatches.organizationId,
        status: donorImportBatches.status,
        userId: donorImportBatches.userId,
      })
      .from(donorImportBatches)
      .where(inArray(donorImportBatches.status, BUSY));
    for (const b of batches) {
      if (this.stopping) return;
      const release = await this.tryLock(lockKey(b.id));
      if (!release) continue; // a server is working on it
      await release();
      const jobs = await this.queue.pendingJobs(DONOR_WORK_QUEUE, "batchId", b.id);
      for (const j of jobs) if (j.state === "active") await this.queue.retry(DONOR_WORK_QUEUE, j.id);
      if (!jobs.length) {
        if (b.status === "undoing") this.startUndo(b.id, b.organizationId, b.userId);
        else this.startImport(b.id, b.organizationId);
      }
    }
  }

  /**
   * Parses an upload into the spool folder, in the worker thread (spool.ts); with `store`, copies it
   * into the database as well, for the server that may take its import over (upload-store.ts).
   */
  spoolUpload(body: Readable, store = false) {
    return spoolUpload(body, this.spoolDir, this.worker, store ? (id) => storeUpload(this.db, id) : undefined);
  }

  /** Starts (or continues) an import whose batch row and spooled upload exist. */
  startImport(batchId: string, organizationId: string) {
    void this.send({ kind: "import", batchId, organizationId });
  }

  startUndo(batchId: string, organizationId: string, userId: string | null) {
    void this.send({ kind: "undo", batchId, organizationId, userId });
  }

  /** Resolves when no job runs in this process (tests, shutdown). */
  async idle() {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  /** Shutdown, last step (after idle): stops the worker thread. */
  async close() {
    await this.worker.close();
  }

  /**
   * Shutdown, first step: running slices pause after the chunk being written commits and leave the rest
   * of their batch as a job for any server. Then the queue stops fetching and waits for them (app.ts).
   */
  pause() {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** Continues batch `batchId` to the end, in this process (the demo loader). */
  async runImport(batchId: string) {
    await runImport(
      this.context(() => this.stopping),
      batchId,
    );
  }

  private async send(work: DonorWork) {
    await this.queue
      .send(DONOR_WORK_QUEUE, work, { singletonKey: work.organizationId })
      .catch((err: unknown) => this.log.error({ err, batchId: work.batchId }, "could not queue donor import work"));
  }

  private track(p: Promise<void>) {
    this.running.add(p);
    return p.finally(() => this.running.delete(p));
  }

  private readonly sliceKeys = new SliceKeyCache();

  private context(stopping: () => boolean): JobContext {
    return {
      sliceKeys: this.sliceKeys,
      db: this.db,
      log: this.log,
      spoolDir: this.spoolDir,
      stopping,
      worker: this.worker,
      format: this.embedded ? "json" : "copy",
      quiet: this.quiet,
    };
  }

  /** One slice of a batch's work (job `jobId`); what is left goes back to the queue as the next job. */
  private async runSlice(work: DonorWork, jobId: string) {
    if (this.stopping) {
      await this.send(work); // claimed as this server stops: left for the next
      return;
    }
    const release = await this.tryLock(lockKey(work.batchId));
    if (!release) {
      // Another server holds the batch (its job expired while it still worked): try again later.
      await this.queue.send(DONOR_WORK_QUEUE, work, {
        singletonKey: work.organizationId,
        startAfter: new Date(Date.now() + 5_000),
      });
      return;
    }
    let next = false;
    try {
      const [batch] = await this.db
        .select({ status: donorImportBatches.status })
        .from(donorImportBatches)
        .where(eq(donorImportBatches.id, work.batchId));
      const wanted = work.kind === "import" ? ["queued", "running"] : ["undoing"];
      if (!batch || !wanted.includes(batch.status)) return; // done already (a repeated job)
      // Taken over from another server: its upload comes from the database (PostgreSQL; ADR 042).
      if (work.kind === "import")
        await restoreUpload(this.db, work.batchId, spoolPath(this.spoolDir, work.batchId), (body, file) =>
          spoolFile(body, file, this.worker),
        );
      const deadline = Date.now() + this.sliceMs;
      const ctx = this.context(() => this.stopping || Date.now() > deadline);
      try {
        if (work.kind === "import") await runImport(ctx, work.batchId);
        else await runUndo(ctx, work.batchId, work.organizationId, work.userId);
      } catch (err) {
        this.log.error({ err: dbErrorSummary(err), batchId: work.batchId }, "donor import job failed");
      }
      const [after] = await this.db
        .select({ status: donorImportBatches.status })
        .from(donorImportBatches)
        .where(eq(donorImportBatches.id, work.batchId));
      // Paused after a committed chunk (slice over, or this server stopping): the next slice continues it.
      next = !!after && wanted.includes(after.status);
      if (!next && work.kind === "import") await dropUpload(this.db, work.batchId);
    } finally {
      await release();
    }
    if (next) {
      // The batch's lock is free and this job completed before the next is sent, so the next slice starts
      // now rather than at the queue's next poll: at each hand-off the queue refused the next job while
      // this one was still active, and a million-donor import stood still for up to 2 s each time
      // (docs/PERFORMANCE.md). A crash in between leaves the batch without a job until the sweep.
      await this.queue.complete(DONOR_WORK_QUEUE, jobId);
      await this.send(work);
    }
  }
}

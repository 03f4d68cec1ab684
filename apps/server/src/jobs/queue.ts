import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { SqlExecutor } from "../db/client.ts";

/**
 * Background work in the database (docs/decisions/042-job-queue.md): a job is a row in pg-boss's
 * `pgboss` schema, so it outlives the process that sent it. A job claimed by a server that dies
 * is retried when its expiry passes, by any server on the database (or by the same one after a
 * restart). pg-boss claims with FOR UPDATE SKIP LOCKED, so two servers never run one job at once.
 *
 * The same code runs on PGlite (one process) and on PostgreSQL (several app servers): pg-boss is
 * handed our own connection (`db.executeSql`), never a connection string of its own.
 */
/** The recurring job of small periodic chores (app.ts). */
export const HOUSEKEEPING_QUEUE = "housekeeping";

export type JobHandler<T> = (data: T, job: { id: string; name: string; retryCount: number }) => Promise<void>;

export type QueueOptions = {
  /** How often an idle worker asks for work. */
  pollingIntervalSeconds?: number;
  /** A job still `active` this long after it was claimed is taken to be lost with its server and retried. */
  expireInSeconds?: number;
  /** How often a failed job is retried before it stays `failed`. */
  retryLimit?: number;
  /** How often expired jobs are looked for (and old ones removed). */
  maintenanceIntervalSeconds?: number;
  /** How often a server checks whether a recurring job (`every`) is due (1–45 s; pg-boss's default 30). */
  cronMonitorIntervalSeconds?: number;
};

export type WorkOptions = {
  /**
   * `one-per-key`: of the jobs sent with one `singletonKey`, one runs at a time (across every server);
   * the others wait their turn. Default: any number at once.
   */
  policy?: "one-per-key";
  /** Jobs of this queue one process runs at once (default 1). */
  concurrency?: number;
};

export type SendOptions = {
  /** With a `one-per-key` queue: jobs with the same key run one at a time. */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
};

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly queues = new Set<string>();
  private readonly workers: { name: string; handler: JobHandler<unknown>; concurrency: number }[] = [];
  private readonly policies = new Map<string, PgBoss.QueuePolicy>();
  private readonly schedules = new Map<string, string>();
  /** This process's worker per queue: woken at once when this process sends to it. */
  private readonly workerIds = new Map<string, string[]>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: SqlExecutor,
    private readonly log: FastifyBaseLogger,
    private readonly options: QueueOptions = {},
  ) {
    this.boss = new PgBoss({
      db: asBossDb(db),
      schema: "pgboss",
      // pg-boss creates and upgrades its own schema (it is the library's, not ours: see ADR 042).
      migrate: true,
      supervise: true,
      // Recurring jobs (`every`): pg-boss's timekeeper sends each one once per due minute, whichever
      // server sees it first (its cron time is claimed in the database).
      schedule: true,
      ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
      expireInSeconds: options.expireInSeconds ?? 15 * 60,
      retryLimit: options.retryLimit ?? 5,
      retryDelay: 1,
      retryBackoff: true,
      // Finished jobs are kept a week for support, then removed by pg-boss's maintenance.
      deleteAfterDays: 7,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    });
    this.boss.on("error", (err) => this.log.error({ err }, "job queue error"));
  }

  /** Registers a handler; workers start polling when the queue starts. */
  work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}) {
    // pg-boss's `singleton` policy: one active job per singleton key, the rest stay queued.
    this.policies.set(name, options.policy === "one-per-key" ? "singleton" : "standard");
    this.workers.push({ name, handler: handler as JobHandler<unknown>, concurrency: options.concurrency ?? 1 });
  }

  /**
   * A recurring job: `cron` (pg-boss's five-field form, UTC, at most once a minute) sends one job per
   * due time for all servers together, and one of them runs it. Registered like `work`.
   */
  every(name: string, cron: string, handler: () => Promise<void>) {
    this.schedules.set(name, cron);
    this.work(name, async () => handler());
  }

  async start() {
    if (this.started || this.stopped) return;
    this.started = true;
    await this.boss.start();
    for (const { name, handler, concurrency } of this.workers) {
      await this.ensureQueue(name);
      // Each pg-boss worker runs one job at a time: `concurrency` workers run that many.
      for (let i = 0; i < concurrency; i++) {
        const id = await this.boss.work(
          name,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
          },
          async ([job]) => {
            if (!job) return;
            await handler(job.data, { id: job.id, name: job.name, retryCount: job.retryCount });
          },
        );
        this.workerIds.set(name, [...(this.workerIds.get(name) ?? []), id]);
      }
    }
    // Every server stores the same schedule (an upsert by name), so any of them keeps it going.
    for (const [name, cron] of this.schedules) await this.boss.schedule(name, cron);
  }

  /** The unfinished jobs of a queue whose data has `key` = `value` (pg-boss's own table; pg-boss is pinned to 10.x). */
  async pendingJobs(name: string, key: string, value: string): Promise<{ id: string; state: string }[]> {
    const { rows } = await this.db.execute(
      "SELECT id, state FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active') AND data->>$2 = $3",
      [name, key, value],
    );
    return rows as { id: string; state: string }[];
  }

  /**
   * Marks a running job completed before its handler returns, so that the next job of its key may start
   * at once: pg-boss completes a job only after its handler, without waiting, and a worker that asks
   * for the next job of the key meanwhile is refused and waits for its next poll. Completing it again
   * afterwards changes nothing.
   */
  async complete(name: string, id: string) {
    await this.boss.complete(name, id);
  }

  /** Gives up on an `active` job whose worker is known to be gone: it is retried at once. */
  async retry(name: string, id: string) {
    await this.boss.fail(name, id, { message: "the server that ran it stopped" });
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    await this.ensureQueue(name);
    const id = await this.boss.send(name, data, {
      singletonKey: options.singletonKey,
      startAfter: options.startAfter,
    });
    if (!options.startAfter) for (const worker of this.workerIds.get(name) ?? []) this.boss.notifyWorker(worker);
    return id;
  }

  /**
   * Stops asking for work and waits up to `timeoutMs` for running handlers. A handler still running
   * then keeps its job `active`: it expires and another server (or this one, restarted) retries it.
   */
  async stop(timeoutMs = 10_000) {
    if (this.stopped) return;
    this.stopped = true;
    if (!this.started) return;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }

  private async ensureQueue(name: string) {
    if (this.queues.has(name)) return;
    if (!(await this.boss.getQueue(name))) {
      // Two servers starting at once may both create it: the loser finds it made.
      await this.boss
        .createQueue(name, { name, policy: this.policies.get(name) ?? "standard" })
        .catch(async (err: unknown) => {
          if (!(await this.boss.getQueue(name))) throw err;
        });
    }
    this.queues.add(name);
  }
}

/** pg-boss's `db` option: its multi-statement migrations go through the executor's `exec` form. */
function asBossDb(db: SqlExecutor): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[]) => db.execute(text, values ?? []),
  };
}

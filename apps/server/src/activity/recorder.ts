import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { ActionType } from "@cultivate/shared";
import type { Db } from "../db/client.ts";
import { userActions } from "../db/schema.ts";
import type { Actor } from "../policy/actor.ts";

export type ActionRecord = {
  /**
   * The organisation whose record this is (the campaign's, the donor's, the user's…): the row is filed
   * under it, so that organisation's owners see it and no other's do. Omitted: the actor's organisation
   * (sign-in, page views). null: no organisation (platform-wide, e.g. the AI provider; only admins see it).
   */
  organizationId?: string | null;
  actionType: ActionType;
  actionName: string;
  resourceType?: string | null;
  resourceId?: string | null;
  details?: Record<string, unknown>;
  durationMs?: number | null;
  success?: boolean;
  errorMessage?: string | null;
};

type Row = typeof userActions.$inferInsert;

/**
 * The activity log, kept off the request's critical path: record() only queues the row;
 * a timer writes queued rows in batches. A failed write is retried with the next batch,
 * and close() flushes what is left, so shutting down loses nothing.
 */
export class ActivityRecorder {
  private queue: Row[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { flushIntervalMs?: number; maxBatch?: number; maxQueue?: number } = {},
  ) {}

  /** Queues one action of a signed-in user (tracking happens only for signed-in users). */
  record(actor: Actor, request: FastifyRequest | null, action: ActionRecord): void {
    this.enqueue({
      userId: actor.userId,
      organizationId: action.organizationId === undefined ? actor.organizationId : action.organizationId,
      sessionId: actor.sessionId,
      ipAddress: request?.ip ?? null,
      userAgent: request ? (request.headers["user-agent"] ?? null) : null,
      actionType: action.actionType,
      actionName: action.actionName,
      resourceType: action.resourceType ?? null,
      resourceId: action.resourceId ?? null,
      details: action.details ?? {},
      durationMs: action.durationMs ?? null,
      success: action.success ?? true,
      errorMessage: action.errorMessage ?? null,
    });
  }

  /**
   * Times `work` and records its start-to-finish outcome (success with duration, or failure with its message).
   * `describe` adds what only the result knows to the success row: a new record's id, its organisation.
   */
  async around<T>(
    actor: Actor,
    request: FastifyRequest | null,
    action: ActionRecord,
    work: () => Promise<T>,
    describe?: (result: T) => Partial<ActionRecord>,
  ): Promise<T> {
    const started = performance.now();
    try {
      const result = await work();
      this.record(actor, request, { ...action, ...describe?.(result), success: true, durationMs: Math.round(performance.now() - started) });
      return result;
    } catch (err) {
      this.record(actor, request, {
        ...action,
        success: false,
        durationMs: Math.round(performance.now() - started),
        errorMessage: err instanceof Error ? err.message : String(err),
      });
      throw err;
    }
  }

  private enqueue(row: Row): void {
    const max = this.options.maxQueue ?? 50_000;
    if (this.queue.length >= max) {
      this.log.error({ dropped: row.actionName }, "activity queue full; dropping the oldest entry");
      this.queue.shift();
    }
    this.queue.push(row);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushIntervalMs ?? 250);
  }

  /** Writes everything queued so far (tests call it to see their rows). After a failed write the rows wait for a retry. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    let failed = false;
    while (this.queue.length && !failed) {
      const batch = this.queue.splice(0, this.options.maxBatch ?? 500);
      this.flushing = this.db
        .insert(userActions)
        .values(batch)
        .then(() => undefined)
        .catch((err: unknown) => {
          failed = true;
          this.log.error({ err, count: batch.length }, "could not write activity; will retry");
          this.queue.unshift(...batch);
        })
        .finally(() => {
          this.flushing = null;
        });
      await this.flushing;
    }
    if (failed && !this.closed) {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, 5_000);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      await this.flush();
    } catch (err) {
      this.log.error({ err }, "could not flush activity at shutdown");
    }
  }
}

import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { clipText, INT4_MAX, sanitizeText, type ActionType } from "@cultivate/shared";
import type { Db } from "../db/client.ts";
import { userActions } from "../db/schema.ts";
import type { Actor } from "../policy/actor.ts";
import { databaseErrorOf, publicErrorMessage } from "../lib/db-errors.ts";

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
type Queued = { row: Row; attempts: number };

/** Longest text kept per column (longer is cut): keeps rows far below PostgreSQL's index and page limits. */
const TEXT_LIMITS = {
  actionName: 200,
  resourceType: 200,
  resourceId: 500,
  userAgent: 1000,
  ipAddress: 100,
  errorMessage: 2000,
} as const;
/** The largest `details` kept (as JSON text); larger ones are replaced by a note saying so. */
const DETAILS_LIMIT = 20_000;
const DETAILS_DEPTH = 16;
/** A row whose insert failed this many times (for reasons that may pass, like a lost connection) is dropped. */
const MAX_ATTEMPTS = 3;

const cleanText = (s: string, max: number) => {
  const t = sanitizeText(s);
  return clipText(t, max);
};
const cleanNullable = (s: string | null | undefined, max: number) =>
  s === null || s === undefined ? null : cleanText(String(s), max);

/** `details` as jsonb can store it: every key and string sanitised, depth and size bounded. */
function cleanDetails(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return sanitizeText(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return value ?? null;
  if (depth >= DETAILS_DEPTH) return "[too deeply nested]";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => cleanDetails(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[sanitizeText(k)] = cleanDetails(v, depth + 1);
  return out;
}

/** The row as the database can store it: NUL removed and unpaired surrogates replaced in every string. */
export function sanitizeActionRow(row: Row): Row {
  let details = cleanDetails(row.details ?? {}) as Record<string, unknown>;
  if (typeof details !== "object" || details === null || Array.isArray(details)) details = { value: details };
  const size = JSON.stringify(details).length;
  if (size > DETAILS_LIMIT) details = { truncated: true, originalSize: size };
  return {
    ...row,
    actionType: cleanText(row.actionType, TEXT_LIMITS.actionName),
    actionName: cleanText(row.actionName, TEXT_LIMITS.actionName),
    resourceType: cleanNullable(row.resourceType, TEXT_LIMITS.resourceType),
    resourceId: cleanNullable(row.resourceId, TEXT_LIMITS.resourceId),
    userAgent: cleanNullable(row.userAgent, TEXT_LIMITS.userAgent),
    ipAddress: cleanNullable(row.ipAddress, TEXT_LIMITS.ipAddress),
    sessionId: cleanNullable(row.sessionId, TEXT_LIMITS.resourceId),
    errorMessage: cleanNullable(row.errorMessage, TEXT_LIMITS.errorMessage),
    durationMs:
      typeof row.durationMs === "number" && Number.isFinite(row.durationMs)
        ? Math.min(Math.max(Math.round(row.durationMs), 0), INT4_MAX)
        : null,
    details,
  };
}

/** A refusal that a retry cannot change: a value or a reference the database will never accept. */
const isPermanent = (err: unknown) => {
  const code = databaseErrorOf(err)?.code;
  return !!code && /^(22|23|42|54)/.test(code);
};

/** The stored row of one action: who, from where, what, how it ended (the recorder and page views share it). */
export function actionRow(actor: Actor, request: FastifyRequest | null, action: ActionRecord): Row {
  return {
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
  };
}

/**
 * The activity log, kept off the request's critical path: record() only queues the row (sanitised);
 * a timer writes queued rows in batches. When a batch fails, its rows are written one at a time, so a
 * row the database refuses is dropped (and logged as an error) without holding back anyone else's; a
 * failure that may pass (a lost connection) keeps the rows for a retry, at most MAX_ATTEMPTS times.
 * close() flushes what is left, so shutting down loses nothing. A failure to record never reaches the
 * user: record() cannot throw, and errors go to the log at error level.
 */
export class ActivityRecorder {
  private queue: Queued[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: {
      flushIntervalMs?: number;
      retryIntervalMs?: number;
      maxBatch?: number;
      maxQueue?: number;
    } = {},
  ) {}

  /** Queues one action of a signed-in user (tracking happens only for signed-in users). Never throws. */
  record(actor: Actor, request: FastifyRequest | null, action: ActionRecord): void {
    try {
      this.enqueue(sanitizeActionRow(actionRow(actor, request, action)));
    } catch (err) {
      this.log.error({ err, action: action.actionName }, "could not queue an activity row; dropped it");
    }
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
      this.record(actor, request, {
        ...action,
        ...describe?.(result),
        success: true,
        durationMs: Math.round(performance.now() - started),
      });
      return result;
    } catch (err) {
      this.record(actor, request, {
        ...action,
        success: false,
        durationMs: Math.round(performance.now() - started),
        // The log shows it to admins: the sentence a user would read, never SQL or data.
        errorMessage: publicErrorMessage(err),
      });
      throw err;
    }
  }

  private enqueue(row: Row): void {
    const max = this.options.maxQueue ?? 50_000;
    if (this.queue.length >= max) {
      this.log.error({ dropped: this.queue[0]?.row.actionName }, "activity queue full; dropping the oldest entry");
      this.queue.shift();
    }
    this.queue.push({ row, attempts: 0 });
    this.schedule(this.options.flushIntervalMs ?? 250);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /** Writes everything queued so far (tests call it to see their rows). Never throws. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.flushQueue().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async flushQueue(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.options.maxBatch ?? 500);
      try {
        await this.db.insert(userActions).values(batch.map((q) => q.row));
        continue;
      } catch (err) {
        this.log.warn(
          { err, count: batch.length },
          "could not write an activity batch; writing its rows one at a time",
        );
      }
      // One at a time: a refused row is dropped; the others go in.
      for (let i = 0; i < batch.length; i++) {
        const item = batch[i]!;
        try {
          await this.db.insert(userActions).values(item.row);
        } catch (err) {
          item.attempts++;
          const summary = {
            action: item.row.actionName,
            type: item.row.actionType,
            userId: item.row.userId,
            organizationId: item.row.organizationId,
          };
          if (isPermanent(err) || item.attempts >= MAX_ATTEMPTS) {
            this.log.error(
              { err, ...summary, attempts: item.attempts },
              "the database refused an activity row; dropped it",
            );
            continue;
          }
          // Possibly passing (connection lost, database restarting): keep this row and the rest for a retry.
          this.log.error(
            { err, ...summary, waiting: batch.length - i + this.queue.length },
            "could not write activity; will retry",
          );
          this.queue.unshift(...batch.slice(i));
          if (this.closed) return;
          this.schedule(this.options.retryIntervalMs ?? 5_000);
          return;
        }
      }
    }
  }

  /** Stops the timer and writes what is queued (the app's onClose; main.ts closes the app on SIGTERM/SIGINT). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    // A row that failed for a reason that may pass gets its remaining attempts now; then nothing is left waiting.
    for (let round = 1; this.queue.length && round < MAX_ATTEMPTS; round++) await this.flush();
    if (this.queue.length) {
      this.log.error({ count: this.queue.length }, "could not write activity at shutdown; these rows are lost");
      this.queue = [];
    }
  }
}

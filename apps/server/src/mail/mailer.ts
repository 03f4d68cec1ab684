import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";

export type OutgoingEmail = { to: string; subject: string; text: string; html?: string; kind: string };
export type SendResult = { id: string; delivered: boolean; status: "sent" | "queued" | "stored"; error?: string };

/** Bounded SMTP time-outs so a dead server cannot hold a request for minutes. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("connectionTimeout")) url.searchParams.set("connectionTimeout", "10000");
  if (!url.searchParams.has("socketTimeout")) url.searchParams.set("socketTimeout", "20000");
  return url.toString();
}

/** Retry schedule after a failed send: 30 s, 1 min, 2 min, 4 min, ... up to MAX_ATTEMPTS. */
export const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 6 * 60 * 60 * 1000);

/**
 * How long a server holds a message it is sending (`status` "sending", `next_attempt_at` = the end of
 * the claim). Far longer than one SMTP attempt (10 s to connect, 20 s of silence): a message still
 * "sending" after it belongs to a server that died, and any server sends it again (ADR 040).
 */
export const SEND_CLAIM_MS = 5 * 60_000;
const claimEnd = () => new Date(Date.now() + SEND_CLAIM_MS);

/** A job per message that may still need sending, due when its next attempt is (docs/decisions/047-mail-and-sweeps-on-the-queue.md). */
export const MAIL_QUEUE = "mail";

/**
 * Every message is written to `email_outbox` before any delivery is tried, so nothing is
 * lost: without SMTP_URL it stays there (status "stored", readable by admins) and is logged;
 * with SMTP it is sent at once (the request learns whether it went) and, on failure, retried with
 * back-off by jobs of the database's queue (jobs/queue.ts), on whichever server takes them.
 * Each message is claimed by one server (`FOR UPDATE SKIP LOCKED`, then "sending" until its claim
 * ends), so none is sent twice (ADR 040, ADR 047).
 */
export class Mailer {
  /** nodemailer is loaded with the first message (only with SMTP_URL). */
  private transport: Promise<Transporter> | null = null;
  /** Sweeps and deliveries under way, awaited by stop(). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private draining: Promise<number> | null = null;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly options: { smtpUrl?: string; from: string },
    private readonly log: FastifyBaseLogger,
    private readonly queue: JobQueue,
  ) {
    if (!this.configured) return; // without SMTP nothing is ever sent: no jobs
    queue.work<{ id: string }>(MAIL_QUEUE, ({ id }) => this.track(this.sendDue(id)), { concurrency: 2 });
  }

  get configured(): boolean {
    return Boolean(this.options.smtpUrl);
  }

  private transportOf(smtpUrl: string): Promise<Transporter> {
    return (this.transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(withTimeouts(smtpUrl)),
    ));
  }

  async send(email: OutgoingEmail): Promise<SendResult> {
    const [row] = await this.db
      .insert(emailOutbox)
      .values({
        ...email,
        html: email.html ?? null,
        // Claimed by this server at once: the loops of the others leave it alone while it is sent.
        ...(this.configured ? { status: "sending", nextAttemptAt: claimEnd() } : { status: "stored" }),
      })
      .returning({ id: emailOutbox.id });
    const id = row!.id;
    if (this.configured) {
      // The message's safety net: should this server die while sending, the job sends it once the claim
      // has ended. After a delivery it finds the message sent and does nothing.
      await this.queueAttempt(id, new Date(Date.now() + SEND_CLAIM_MS + 1000));
    }
    if (!this.configured) {
      this.log.info(
        { emailId: id, to: email.to, subject: email.subject, text: email.text },
        "email stored in outbox (no SMTP_URL)",
      );
      return { id, delivered: false, status: "stored" };
    }
    return this.deliver(id, email, 0);
  }

  private async deliver(id: string, email: OutgoingEmail, previousAttempts: number): Promise<SendResult> {
    const attempts = previousAttempts + 1;
    try {
      await (
        await this.transportOf(this.options.smtpUrl!)
      ).sendMail({
        from: this.options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
      });
      await this.db
        .update(emailOutbox)
        .set({ status: "sent", attempts, sentAt: new Date(), lastError: null, nextAttemptAt: null })
        .where(eq(emailOutbox.id, id));
      return { id, delivered: true, status: "sent" };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const giveUp = attempts >= MAX_ATTEMPTS;
      const nextAttemptAt = giveUp ? null : new Date(Date.now() + backoffMs(attempts));
      await this.db
        .update(emailOutbox)
        .set({ status: giveUp ? "failed" : "queued", attempts, lastError: error, nextAttemptAt })
        .where(eq(emailOutbox.id, id));
      if (nextAttemptAt) await this.queueAttempt(id, nextAttemptAt);
      this.log.warn(
        { emailId: id, to: email.to, attempts, error },
        giveUp ? "email failed for good" : "email send failed; will retry",
      );
      return { id, delivered: false, status: "queued", error };
    }
  }

  /** A job that sends message `id` at `at` if it is still due then (the sweep catches it should this fail). */
  private async queueAttempt(id: string, at: Date) {
    await this.queue
      .send(MAIL_QUEUE, { id }, { startAfter: at })
      .catch((err: unknown) => this.log.warn({ err, emailId: id }, "could not queue an email attempt"));
  }

  /** The job of one message: sends it if it is due and nobody else holds it. */
  private async sendDue(id: string): Promise<void> {
    // Failing the job gives it back to the queue: another server (or this one, restarted) retries it.
    if (this.stopping) throw new Error("this server is stopping");
    const [row] = await this.db
      .update(emailOutbox)
      .set({ status: "sending", nextAttemptAt: claimEnd() })
      .where(
        sql`${emailOutbox.id} in (select id from email_outbox where id = ${id} and status in ('queued', 'sending') and next_attempt_at <= now() for update skip locked)`,
      )
      .returning();
    if (!row) return; // sent, given up, not due (its own job is queued) or held by another server
    await this.deliver(
      row.id,
      { to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined, kind: row.kind },
      row.attempts,
    );
  }

  /**
   * Sends what is due: queued messages whose retry time has come, and "sending" ones whose claim ended
   * (their server died). They are claimed in one statement; `FOR UPDATE SKIP LOCKED` lets two servers
   * claim at the same moment without waiting for each other or taking the same row. Run once a minute
   * by the housekeeping job (app.ts) for what has no job of its own (a server died between the row and
   * its job); each message's own job usually comes first.
   */
  async drain(limit = 20): Promise<number> {
    if (!this.configured || this.stopping) return 0;
    this.draining ??= this.track(this.claimAndSend(limit)).finally(() => (this.draining = null));
    return this.draining;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.catch(() => {}).finally(() => this.inFlight.delete(work));
    return work;
  }

  private async claimAndSend(limit: number): Promise<number> {
    const due = await this.db
      .update(emailOutbox)
      .set({ status: "sending", nextAttemptAt: claimEnd() })
      .where(
        sql`${emailOutbox.id} in (select id from email_outbox where status in ('queued', 'sending') and next_attempt_at <= now() order by next_attempt_at limit ${limit} for update skip locked)`,
      )
      .returning();
    for (const [index, row] of due.entries()) {
      if (this.stopping) {
        // Shutting down: what this pass has not sent goes back to the queue, due now, for another server.
        await this.release(due.slice(index).map((r) => r.id));
        break;
      }
      await this.deliver(
        row.id,
        { to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined, kind: row.kind },
        row.attempts,
      );
    }
    return due.length;
  }

  private async release(ids: string[]): Promise<void> {
    await this.db
      .update(emailOutbox)
      .set({ status: "queued", nextAttemptAt: new Date() })
      .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "sending")));
  }

  /**
   * Takes no more work and waits for the message being sent; the rest of a sweep's pass is put back,
   * due now, and a job whose message was not sent stays with the queue for another server.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.inFlight]);
    await this.transport?.then((t) => t.close()).catch(() => {});
  }
}

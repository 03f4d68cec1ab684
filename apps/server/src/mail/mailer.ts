import { and, eq, lte, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";

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
 * Every message is written to `email_outbox` before any delivery is tried, so nothing is
 * lost: without SMTP_URL it stays there (status "stored", readable by admins) and is logged;
 * with SMTP it is sent at once and, on failure, retried with back-off by a background loop.
 */
export class Mailer {
  /** nodemailer is loaded with the first message (only with SMTP_URL). */
  private transport: Promise<Transporter> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private draining = false;

  constructor(
    private readonly db: Db,
    private readonly options: { smtpUrl?: string; from: string; retryIntervalMs?: number },
    private readonly log: FastifyBaseLogger,
  ) {}

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
      .values({ ...email, html: email.html ?? null, status: this.configured ? "sending" : "stored" })
      .returning({ id: emailOutbox.id });
    const id = row!.id;
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
      await this.db
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "queued",
          attempts,
          lastError: error,
          nextAttemptAt: giveUp ? null : new Date(Date.now() + backoffMs(attempts)),
        })
        .where(eq(emailOutbox.id, id));
      this.log.warn(
        { emailId: id, to: email.to, attempts, error },
        giveUp ? "email failed for good" : "email send failed; will retry",
      );
      return { id, delivered: false, status: "queued", error };
    }
  }

  /** Sends what is due. Rows are claimed with a status change so two loops never send one twice. */
  async drain(limit = 20): Promise<number> {
    if (!this.configured || this.draining) return 0;
    this.draining = true;
    try {
      const due = await this.db
        .update(emailOutbox)
        .set({ status: "sending" })
        .where(
          and(
            eq(emailOutbox.status, "queued"),
            lte(emailOutbox.nextAttemptAt, new Date()),
            sql`${emailOutbox.id} in (select id from email_outbox where status = 'queued' and next_attempt_at <= now() order by next_attempt_at limit ${limit})`,
          ),
        )
        .returning();
      for (const row of due) {
        await this.deliver(
          row.id,
          { to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined, kind: row.kind },
          row.attempts,
        );
      }
      return due.length;
    } finally {
      this.draining = false;
    }
  }

  start(): void {
    if (!this.configured || this.timer) return;
    // A crash mid-send leaves rows in "sending": put them back in the queue at start.
    void this.db
      .update(emailOutbox)
      .set({ status: "queued", nextAttemptAt: new Date() })
      .where(eq(emailOutbox.status, "sending"))
      .catch((err: unknown) => this.log.error({ err }, "could not requeue emails"));
    this.timer = setInterval(() => {
      this.drain().catch((err: unknown) => this.log.error({ err }, "email retry loop failed"));
    }, this.options.retryIntervalMs ?? 15_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    void this.transport?.then((t) => t.close());
  }
}

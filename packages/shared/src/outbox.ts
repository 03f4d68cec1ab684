import { z } from "zod";
import { listPageNumber, optionalSearchText } from "./input.ts";

/**
 * The email outbox (docs/RULES.md, Email outbox): every message the product sends is written there
 * first. Without SMTP_URL nothing is sent, and this screen is how an admin reads (and can pass on) a
 * password reset, an approval or a digest. Admins only: it holds every organisation's mail.
 */
export const OUTBOX_PAGE_SIZE = 50;
export const OUTBOX_DENIED_MESSAGE = "You don't have permission to read the email outbox.";
export const OUTBOX_NOT_FOUND_MESSAGE = "Email not found.";

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed", "stored"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/** How each state reads on the screen. */
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: "Waiting to retry",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  stored: "Not sent (no mail server)",
};

/** GET /api/admin/outbox?q=&page=: `q` is found in the recipient or the subject. */
export const outboxListQuerySchema = z.object({ q: optionalSearchText(), page: listPageNumber() });
/** /api/admin/outbox/{id} */
export const outboxParamsSchema = z.object({ id: z.uuid() });

export const outboxEmailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** What the product sent it for (approval, password_reset, issue_submitted, …). */
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEmailSummary = z.infer<typeof outboxEmailSummarySchema>;

/** One page of the outbox, newest first. */
export const outboxListSchema = z.object({
  emails: z.array(outboxEmailSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Days a finished message is kept (OUTBOX_KEEP_DAYS); null: kept forever. */
  keepDays: z.number().int().nullable(),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

/** One message with its text (the HTML version, when there is one, says the same). */
export const outboxEmailSchema = outboxEmailSummarySchema.extend({ text: z.string() });
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

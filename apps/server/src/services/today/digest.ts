import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  can,
  formatMoney,
  formatNumber,
  plural,
  TODAY_MESSAGES,
  TODAY_SECTIONS,
  WEEKDAYS,
  type DigestSettingsInput,
  type DigestStatus,
  type TodayLists,
} from "@cultivate/shared";
import { iso } from "../../lib/format.ts";
import { escapeHtml } from "../../mail/templates.ts";
import type { Actor } from "../../policy/actor.ts";
import { todayIso } from "../next-steps/service.ts";
import { listsFor } from "./service.ts";

/**
 * The weekly digest (issue 15; docs/RULES.md, The officer's day): opt-in per user, sent at the weekday
 * and hour the user picked in their time zone, with the same lists as /today. ADR 049: the schedule
 * runs in the minute-by-minute housekeeping job; each digest is claimed once per weekly slot.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A slot missed by longer than this (the servers were down) waits for next week, rather than arrive at night. */
export const DIGEST_LATE_MS = 12 * HOUR_MS;
const DIGEST_LIST_LIMIT = 10;

const DEFAULTS = { weekday: 1, hour: 8, timeZone: "UTC" };

/** The wall-clock reading of `at` in `timeZone`, as if it were UTC (for calendar arithmetic). */
function wall(at: Date, timeZone: string): { ms: number; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  // The milliseconds too: without them every slot carried `at`'s fraction of a second, so a digest claimed
  // in its slot's first second looked unclaimed to a later run with a larger fraction, and went again.
  const ms =
    Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) +
    at.getUTCMilliseconds();
  return { ms, weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday!) };
}

/**
 * The latest weekly slot (weekday at hour:00 in the time zone) at or before `now`, as an instant.
 * The zone's offset is read at the slot itself, so a slot after a daylight-saving change is right.
 */
export function digestSlot(now: Date, s: { weekday: number; hour: number; timeZone: string }): Date {
  const w = wall(now, s.timeZone);
  const midnight = Math.floor(w.ms / DAY_MS) * DAY_MS;
  let slotWall = midnight - ((w.weekday - s.weekday + 7) % 7) * DAY_MS + s.hour * HOUR_MS;
  if (slotWall > w.ms) slotWall -= 7 * DAY_MS;
  let instant = slotWall - (w.ms - now.getTime());
  instant = slotWall - (wall(new Date(instant), s.timeZone).ms - instant);
  return new Date(instant);
}

/** Whether a subscription's digest is due at `now`: its slot has come (not long ago), after it was made, and it has not gone. */
export function digestDue(
  now: Date,
  s: { weekday: number; hour: number; timeZone: string; lastSentAt: Date | null; createdAt: Date },
): Date | null {
  const slot = digestSlot(now, s);
  if (now.getTime() - slot.getTime() >= DIGEST_LATE_MS) return null;
  if (slot.getTime() < s.createdAt.getTime()) return null;
  if (s.lastSentAt && s.lastSentAt.getTime() >= slot.getTime()) return null;
  return slot;
}

function present(row: Awaited<ReturnType<FastifyInstance["repos"]["digests"]["of"]>>): DigestStatus {
  return row
    ? {
        enabled: true,
        weekday: row.weekday,
        hour: row.hour,
        timeZone: row.timeZone,
        lastSentAt: row.lastSentAt ? iso(row.lastSentAt) : null,
      }
    : { enabled: false, ...DEFAULTS, lastSentAt: null };
}

/** GET /api/account/digest */
export async function digestStatus(app: FastifyInstance, actor: Actor): Promise<DigestStatus> {
  return present(await app.repos.digests.of(actor.userId));
}

/** PUT /api/account/digest: opt in, or change the day, hour or time zone. */
export async function saveDigest(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  body: DigestSettingsInput,
) {
  await app.repos.digests.save(actor.userId, body);
  app.activity.record(actor, request, {
    organizationId: actor.organizationId,
    actionType: "system",
    actionName: "digest_subscribe",
    resourceType: "user",
    resourceId: actor.userId,
    details: { weekday: body.weekday, hour: body.hour, timeZone: body.timeZone },
  });
  return { digest: present(await app.repos.digests.of(actor.userId)), message: TODAY_MESSAGES.digestSaved };
}

/** DELETE /api/account/digest */
export async function removeDigest(app: FastifyInstance, actor: Actor, request: FastifyRequest) {
  await app.repos.digests.remove(actor.userId);
  app.activity.record(actor, request, {
    organizationId: actor.organizationId,
    actionType: "system",
    actionName: "digest_unsubscribe",
    resourceType: "user",
    resourceId: actor.userId,
  });
  return { message: TODAY_MESSAGES.digestRemoved };
}

type Line = { text: string; href: string };
type Section = { title: string; total: number; lines: Line[]; empty: string };

/** The digest's text and HTML: the same sections as /today, each line linking to the donor. */
export function digestEmail(
  appUrl: string,
  who: string,
  steps: {
    overdue: { title: string; donorName: string; donorId: string; dueDate: string }[];
    week: typeof steps.overdue;
  },
  lists: TodayLists,
) {
  const donorUrl = (id: string) => `${appUrl}/donor/${id}/dashboard`;
  const stepLines = (xs: typeof steps.overdue) =>
    xs.map((s) => ({ text: `${s.title} (${s.donorName}), due ${s.dueDate}`, href: donorUrl(s.donorId) }));
  const sections: Section[] = [
    {
      title: TODAY_SECTIONS.overdue.title,
      total: steps.overdue.length,
      lines: stepLines(steps.overdue),
      empty: TODAY_SECTIONS.overdue.empty,
    },
    {
      title: TODAY_SECTIONS.week.title,
      total: steps.week.length,
      lines: stepLines(steps.week),
      empty: TODAY_SECTIONS.week.empty,
    },
    {
      title: TODAY_SECTIONS.noContact.title(lists.noContact.days),
      total: lists.noContact.total,
      lines: lists.noContact.items.map((d) => ({
        text: `${d.name}: ${d.daysSinceContact === null ? "never contacted" : `last contact ${plural(d.daysSinceContact, "day")} ago`}`,
        href: donorUrl(d.id),
      })),
      empty: TODAY_SECTIONS.noContact.empty(lists.noContact.days),
    },
    {
      title: TODAY_SECTIONS.longInStage.title,
      total: lists.longInStage.total,
      lines: lists.longInStage.items.map((d) => ({
        text: `${d.name}: ${Math.floor(d.daysInStage)} days in ${d.stage} (usually ${Math.round(d.medianDays)})`,
        href: donorUrl(d.id),
      })),
      empty: TODAY_SECTIONS.longInStage.empty,
    },
    {
      title: TODAY_SECTIONS.notStarted.title,
      total: lists.notStarted.total,
      lines: lists.notStarted.items.map((d) => ({
        text: `${d.name}${d.estimatedCapacity ? `: capacity ${formatMoney(d.estimatedCapacity)}` : ""}`,
        href: donorUrl(d.id),
      })),
      empty: TODAY_SECTIONS.notStarted.empty,
    },
  ];
  const more = (s: Section) =>
    s.total > s.lines.length ? `…and ${formatNumber(s.total - s.lines.length)} more.` : null;
  const todayUrl = `${appUrl}/today`;
  const text = [
    `Hello ${who},`,
    "",
    `Here is your week in Cultivate. Open Today: ${todayUrl}`,
    ...sections.flatMap((s) => [
      "",
      `${s.title} (${s.total})`,
      ...(s.lines.length ? s.lines.map((l) => `- ${l.text}: ${l.href}`) : [s.empty]),
      ...(more(s) ? [more(s)!] : []),
    ]),
    "",
    "You get this email because you turned on the weekly digest on your account page. Turn it off there.",
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(who)},</p>`,
    `<p>Here is your week in Cultivate. <a href="${escapeHtml(todayUrl)}">Open Today</a></p>`,
    ...sections.map(
      (s) =>
        `<h2 style="font-size:16px">${escapeHtml(s.title)} (${s.total})</h2>` +
        (s.lines.length
          ? `<ul>${s.lines.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`).join("")}</ul>`
          : `<p>${escapeHtml(s.empty)}</p>`) +
        (more(s) ? `<p>${escapeHtml(more(s)!)}</p>` : ""),
    ),
    `<p style="color:#666">You get this email because you turned on the weekly digest on your account page. Turn it off there.</p>`,
  ].join("\n");
  const subject = `Your week in Cultivate: ${plural(steps.overdue.length, "overdue step")}, ${plural(steps.week.length, "step")} due this week`;
  return { subject, text, html };
}

/**
 * The schedule's work (housekeeping, every minute): each subscription whose slot has come is claimed
 * (once, whichever server gets there first) and its digest sent. Only users still approved with a
 * donor role in an organisation get one; the others keep their row and get nothing.
 */
export async function sendDueDigests(app: FastifyInstance, now = new Date()): Promise<number> {
  let sent = 0;
  for (const sub of await app.repos.digests.all()) {
    const slot = digestDue(now, sub);
    if (!slot) continue;
    const user = await app.repos.users.find(sub.userId);
    const actor = user && {
      userId: user.id,
      roles: user.roles,
      organizationId: user.organizationId,
      onboardingStatus: user.onboardingStatus,
    };
    if (!actor || !actor.organizationId || !can.viewDonors(actor)) continue;
    if (!(await app.repos.digests.claim(sub.userId, slot, now))) continue;
    try {
      const today = todayIso(now);
      const list = (window: "overdue" | "week") =>
        app.repos.nextSteps.list({
          organizationId: actor.organizationId,
          ownerId: actor.userId,
          window,
          today,
          limit: DIGEST_LIST_LIMIT,
        });
      const [overdue, week, lists] = await Promise.all([
        list("overdue"),
        list("week"),
        listsFor(
          app,
          { organizationId: actor.organizationId!, managerId: actor.userId, limit: DIGEST_LIST_LIMIT },
          now,
        ),
      ]);
      const step = (r: (typeof overdue)[number]) => ({
        title: r.s.title,
        donorName: r.donorName,
        donorId: r.s.donorId,
        dueDate: r.s.dueDate,
      });
      const email = digestEmail(
        app.config.appUrl,
        user.name || user.email,
        { overdue: overdue.map(step), week: week.map(step) },
        lists,
      );
      await app.mailer.send({ to: user.email, ...email, kind: "weekly_digest" });
      sent++;
    } catch (err) {
      // The claim stands: a digest that failed to build is not retried every minute; the mailer retries sending.
      app.log.error({ err, userId: sub.userId }, "weekly digest failed");
    }
  }
  return sent;
}

/** For the account page: the next time the digest goes, in words (e.g. "Mondays at 08:00 (Europe/London)"). */
export const describeSlot = (s: { weekday: number; hour: number; timeZone: string }) =>
  `${WEEKDAYS[s.weekday]}s at ${String(s.hour).padStart(2, "0")}:00 (${s.timeZone})`;

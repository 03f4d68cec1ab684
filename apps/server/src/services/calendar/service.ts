import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import ical from "ical-generator";
import { CALENDAR_MESSAGES, can } from "@cultivate/shared";
import { notFound } from "../../lib/errors.ts";
import { iso } from "../../lib/format.ts";
import type { Actor } from "../../policy/actor.ts";

/**
 * The calendar feed of one's next steps (issue 15; docs/RULES.md, Next steps). The secret is 32 random
 * bytes in the URL; the database keeps its SHA-256, so the URL is shown once and Reset replaces it.
 */
const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** The feed's path; `.ics` at the end is what calendar apps expect of a subscription URL. */
export const feedUrl = (app: FastifyInstance, token: string) => `${app.config.appUrl}/api/calendar/${token}.ics`;

/** GET /api/account/calendar-feed */
export async function calendarFeedStatus(app: FastifyInstance, actor: Actor) {
  const feed = await app.repos.calendarFeeds.of(actor.userId);
  return { enabled: !!feed, createdAt: feed ? iso(feed.createdAt) : null };
}

/** POST /api/account/calendar-feed: a new secret URL (replacing any earlier one). */
export async function createCalendarFeed(app: FastifyInstance, actor: Actor, request: FastifyRequest) {
  const token = crypto.randomBytes(32).toString("base64url");
  const replaced = await app.repos.calendarFeeds.replace(actor.userId, hashOf(token));
  app.activity.record(actor, request, {
    organizationId: actor.organizationId,
    actionType: "system",
    actionName: replaced ? "calendar_feed_reset" : "calendar_feed_create",
    resourceType: "user",
    resourceId: actor.userId,
  });
  return { url: feedUrl(app, token), message: replaced ? CALENDAR_MESSAGES.reset : CALENDAR_MESSAGES.created };
}

/** DELETE /api/account/calendar-feed */
export async function removeCalendarFeed(app: FastifyInstance, actor: Actor, request: FastifyRequest) {
  await app.repos.calendarFeeds.remove(actor.userId);
  app.activity.record(actor, request, {
    organizationId: actor.organizationId,
    actionType: "system",
    actionName: "calendar_feed_remove",
    resourceType: "user",
    resourceId: actor.userId,
  });
  return { message: CALENDAR_MESSAGES.removed };
}

/**
 * GET /api/calendar/{token}.ics (no session: the secret is the key). Only the owner's open next steps of
 * their own organisation, and only while the owner may still see donors (approved, one of the four
 * roles); otherwise, as for an unknown secret, 404.
 */
export async function calendarFeed(app: FastifyInstance, rawToken: string): Promise<string> {
  const token = rawToken.replace(/\.ics$/i, "");
  const feed = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await app.repos.calendarFeeds.byHash(hashOf(token)) : null;
  const user = feed ? await app.repos.users.find(feed.userId) : null;
  const owner = user && {
    userId: user.id,
    roles: user.roles,
    organizationId: user.organizationId,
    onboardingStatus: user.onboardingStatus,
  };
  if (!owner || !owner.organizationId || !can.viewDonors(owner)) throw notFound(CALENDAR_MESSAGES.notFound);
  const steps = await app.repos.nextSteps.list({
    organizationId: owner.organizationId,
    ownerId: owner.userId,
    window: "open",
    today: new Date().toISOString().slice(0, 10),
    limit: 500,
  });
  const calendar = ical({ name: "Cultivate next steps", prodId: { company: "Cultivate", product: "next-steps" } });
  for (const { s, donorName } of steps) {
    calendar.createEvent({
      id: `${s.id}@cultivate`,
      // An all-day event on the due date (noon UTC: the same calendar day wherever the reader is).
      start: new Date(`${s.dueDate}T12:00:00Z`),
      allDay: true,
      summary: `${s.title} (${donorName})`,
      description: `Next step for ${donorName}. Open the donor: ${app.config.appUrl}/donor/${s.donorId}/dashboard`,
      url: `${app.config.appUrl}/donor/${s.donorId}/dashboard`,
    });
  }
  return calendar.toString();
}

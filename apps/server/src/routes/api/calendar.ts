import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  calendarFeedCreatedSchema,
  calendarFeedParamsSchema,
  calendarFeedStatusSchema,
  messageSchema,
} from "@cultivate/shared";
import { z } from "zod";
import { errorSchema } from "../../lib/http.ts";
import { donorActor } from "../../services/donors/access.ts";
import {
  calendarFeed,
  calendarFeedStatus,
  createCalendarFeed,
  removeCalendarFeed,
} from "../../services/calendar/service.ts";

const errors = { 401: errorSchema, 403: errorSchema };

/** The calendar feed of one's next steps (issue 15; docs/RULES.md, Next steps). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/account/calendar-feed", {
    schema: {
      tags: ["next steps"],
      summary: "Whether the signed-in user has a calendar link for their next steps",
      response: { 200: calendarFeedStatusSchema, ...errors },
    },
    handler: async (request) => calendarFeedStatus(app, await donorActor(app, request)),
  });

  app.post("/account/calendar-feed", {
    schema: {
      tags: ["next steps"],
      summary: "Make (or replace) the secret calendar link of one's next steps; the URL is shown only here",
      response: { 201: calendarFeedCreatedSchema, ...errors },
    },
    handler: async (request, reply) => {
      const actor = await donorActor(app, request);
      reply.code(201);
      return createCalendarFeed(app, actor, request);
    },
  });

  app.delete("/account/calendar-feed", {
    schema: {
      tags: ["next steps"],
      summary: "Turn off one's calendar link",
      response: { 200: messageSchema, ...errors },
    },
    handler: async (request) => removeCalendarFeed(app, await donorActor(app, request), request),
  });

  // Public: calendar apps fetch it without a session; the secret in the path is the key (auth-gate.ts).
  app.get("/calendar/:token", {
    schema: {
      tags: ["public", "next steps"],
      summary: "iCalendar feed (text/calendar) of the link owner's open next steps, as all-day events",
      params: calendarFeedParamsSchema,
      response: { 200: z.string(), 404: errorSchema },
    },
    handler: async (request, reply) => {
      const body = await calendarFeed(app, request.params.token);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("cache-control", "private, max-age=300")
        .send(body);
    },
  });
};

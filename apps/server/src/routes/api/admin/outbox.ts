import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  OUTBOX_DENIED_MESSAGE,
  outboxEmailSchema,
  outboxListQuerySchema,
  outboxListSchema,
  outboxParamsSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { guard } from "../../../policy/guard.ts";
import { can } from "../../../policy/policy.ts";
import { outboxEmail, outboxPage } from "../../../services/outbox/service.ts";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The email outbox (docs/RULES.md, Email outbox: admins only). */
export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = guard(app, can.readEmailOutbox, OUTBOX_DENIED_MESSAGE);

  app.get("/admin/outbox", {
    schema: {
      tags: ["administration"],
      summary: "One page of the email outbox, newest first (search by recipient or subject), with each message's state",
      querystring: outboxListQuerySchema,
      response: { 200: outboxListSchema, ...errors },
    },
    preValidation: admins,
    handler: async (request) => outboxPage(app, request.query),
  });

  app.get("/admin/outbox/:id", {
    schema: {
      tags: ["administration"],
      summary: "One message of the outbox with its text (what was, or would have been, sent)",
      params: outboxParamsSchema,
      response: { 200: outboxEmailSchema, ...errors },
    },
    preValidation: admins,
    handler: async (request) => outboxEmail(app, request.params.id),
  });
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { trackActionInputSchema, trackActionResultSchema, updateActionInputSchema } from "@cultivate/shared";
import { badRequest, notFound } from "../../../lib/errors.ts";
import { errorSchema, okSchema } from "../../../lib/http.ts";
import { requireActor } from "../../../policy/policy.ts";
import { insertAction, updateOwnAction } from "../../../services/activity/track.ts";

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/**
 * Browser-side activity tracking (docs/RULES.md, Activity history). Signed-in users only.
 * `navigator.sendBeacon` posts text/plain, so this plugin (and only it) reads text/plain bodies as JSON.
 * Its requests still go through the same-origin guard (auth/origin.ts): a beacon carries our Origin.
 */
const beacon = { accepts: ["application/json", "text/plain"] };
export const functionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string) as unknown);
    } catch {
      done(badRequest("The body must be JSON."), undefined);
    }
  });

  app.post("/functions/trackAction", {
    config: beacon,
    schema: {
      tags: ["activity"],
      summary:
        "Record an action of the signed-in user (e.g. a page view); returns its id. Sending a browser-chosen id again completes that action",
      body: trackActionInputSchema,
      response: { 201: trackActionResultSchema, ...errors },
    },
    handler: async (request, reply) => {
      const actor = requireActor(await app.getActor(request));
      const id = await insertAction(app, actor, request, request.body);
      if (!id) throw notFound("Action not found."); // the id belongs to someone else's action
      return reply.code(201).send({ id });
    },
  });

  app.post("/functions/updateAction", {
    config: beacon,
    schema: {
      tags: ["activity"],
      summary:
        "Set the duration (and merge details) of one of the caller's own actions; accepts text/plain JSON from sendBeacon",
      body: updateActionInputSchema,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      const actor = requireActor(await app.getActor(request));
      if (!(await updateOwnAction(app, actor, request.body))) throw notFound("Action not found.");
      return { ok: true as const };
    },
  });
};

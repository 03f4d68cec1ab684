import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  donorParamsSchema,
  messageSchema,
  nextStepCreateSchema,
  nextStepListSchema,
  nextStepParamsSchema,
  nextStepQuerySchema,
  nextStepResponseSchema,
  nextStepUpdateSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../lib/http.ts";
import { donorActor } from "../../services/donors/access.ts";
import {
  createNextStep,
  deleteNextStep,
  donorNextSteps,
  listNextSteps,
  updateNextStep,
} from "../../services/next-steps/service.ts";
import { trackRefused } from "../../services/activity/track.ts";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tracking = (name: string) =>
  ({ actionType: "donor_management", actionName: name, resourceType: "next_step" }) as const;

/** Next steps (issue 15; docs/RULES.md, Next steps): the four roles, on donors they can see. */
export const nextStepRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/next-steps", {
    schema: {
      tags: ["next steps"],
      summary: "Next steps by owner (mine by default; owners and managers: anyone's or all) and due window",
      querystring: nextStepQuerySchema,
      response: { 200: nextStepListSchema, ...errors },
    },
    handler: async (request) => listNextSteps(app, await donorActor(app, request), request.query),
  });

  app.get("/donors/:id/next-steps", {
    schema: {
      tags: ["next steps"],
      summary: "A donor's next steps: open ones by due date, then done ones",
      params: donorParamsSchema,
      response: { 200: nextStepListSchema, ...errors },
    },
    handler: async (request) => donorNextSteps(app, await donorActor(app, request), request.params.id),
  });

  app.post("/donors/:id/next-steps", {
    schema: {
      tags: ["next steps"],
      summary: "Add a next step to a donor (by hand, or from a step of a stage recommendation)",
      params: donorParamsSchema,
      body: nextStepCreateSchema,
      response: { 201: nextStepResponseSchema, ...errors },
    },
    onError: trackRefused(app, { ...tracking("next_step_create"), resourceType: "donor" }),
    handler: async (request, reply) => {
      const actor = await donorActor(app, request);
      reply.code(201);
      return createNextStep(app, actor, request, request.params.id, request.body);
    },
  });

  app.patch("/next-steps/:id", {
    schema: {
      tags: ["next steps"],
      summary: "Mark done or reopen, snooze (a later due date), reassign, or retitle a next step",
      params: nextStepParamsSchema,
      body: nextStepUpdateSchema,
      response: { 200: nextStepResponseSchema, ...errors },
    },
    onError: trackRefused(app, tracking("next_step_update")),
    handler: async (request) =>
      updateNextStep(app, await donorActor(app, request), request, request.params.id, request.body),
  });

  app.delete("/next-steps/:id", {
    schema: {
      tags: ["next steps"],
      summary: "Delete a next step (its owner, the person who added it, managers, owners)",
      params: nextStepParamsSchema,
      response: { 200: messageSchema, ...errors },
    },
    onError: trackRefused(app, tracking("next_step_delete")),
    handler: async (request) => deleteNextStep(app, await donorActor(app, request), request, request.params.id),
  });
};

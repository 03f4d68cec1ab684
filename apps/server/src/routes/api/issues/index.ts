import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ISSUE_NOT_LOGGED_IN_MESSAGE,
  issueInputSchema,
  issueListQuerySchema,
  issueListSchema,
  issueParamsSchema,
  issueSchema,
  issueUpdateSchema,
} from "@cultivate/shared";
import { errorSchema, okSchema } from "../../../lib/http.ts";
import {
  editIssue,
  issueActor,
  issueFor,
  issueList,
  issueSubmitter,
  removeIssue,
  submitIssue,
} from "../../../services/support/service.ts";
import { trackRefused } from "../../../services/activity/track.ts";

const idParams = issueParamsSchema;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Support issues (docs/RULES.md, Support issues). Any signed-in user. */
export const issueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/issues", {
    schema: {
      tags: ["support"],
      summary:
        "Issues newest first with counts per status: the organisation's, or (admins) all or one named organisation's",
      querystring: issueListQuerySchema,
      response: { 200: issueListSchema, ...errors },
    },
    handler: async (request) => issueList(app, await issueActor(app, request), request.query),
  });

  app.post("/issues", {
    // A signed-out visitor hears this from the sign-in gate (routes/api/auth-gate.ts), before the body is read.
    config: { signedOutMessage: ISSUE_NOT_LOGGED_IN_MESSAGE },
    schema: {
      tags: ["support"],
      summary: "Submit an issue (starts pending); emails the submitter a confirmation",
      body: issueInputSchema,
      response: { 201: issueSchema, ...errors },
    },
    // docs/RULES.md, Support issues, checks in order: signed in (the gate), organisation known (unless admin), then the fields.
    preValidation: async (request) => {
      await issueSubmitter(app, request);
    },
    onError: trackRefused(app, { actionType: "system", actionName: "issue_submit", resourceType: "issue" }),
    handler: async (request, reply) =>
      reply.code(201).send(await submitIssue(app, await issueSubmitter(app, request), request, request.body)),
  });

  app.get("/issues/:id", {
    schema: {
      tags: ["support"],
      summary: "One issue with what the caller may do to it",
      params: idParams,
      response: { 200: issueSchema, ...errors },
    },
    handler: async (request) => issueFor(app, await issueActor(app, request), request.params.id),
  });

  app.patch("/issues/:id", {
    schema: {
      tags: ["support"],
      summary:
        "Edit an issue (admin, owner, manager or the submitter); status and resolution: admin, owner, manager only",
      params: idParams,
      body: issueUpdateSchema,
      response: { 200: issueSchema, ...errors },
    },
    onError: trackRefused(app, { actionType: "system", actionName: "issue_update", resourceType: "issue" }),
    handler: async (request) =>
      editIssue(app, await issueActor(app, request), request, request.params.id, request.body),
  });

  app.delete("/issues/:id", {
    schema: {
      tags: ["support"],
      summary: "Delete an issue (admin, owner, manager or the submitter)",
      params: idParams,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => removeIssue(app, await issueActor(app, request), request, request.params.id),
  });
};

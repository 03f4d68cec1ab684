import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ISSUE_EDIT_FORBIDDEN_MESSAGE,
  ISSUE_NO_ORGANIZATION_MESSAGE,
  ISSUE_NOT_FOUND_TITLE,
  ISSUE_NOT_LOGGED_IN_MESSAGE,
  ISSUE_STATUS_FORBIDDEN_MESSAGE,
  issueInputSchema,
  issueListQuerySchema,
  issueListSchema,
  issueParamsSchema,
  issueSchema,
  issueUpdateSchema,
} from "@cultivate/shared";
import { badRequest, notFound } from "../../../lib/errors.ts";
import { errorSchema, okSchema } from "../../../lib/http.ts";
import { authorize, can, organizationScope, requireActor } from "../../../policy/policy.ts";
import {
  createIssue,
  deleteIssue,
  findIssue,
  issueScope,
  listIssues,
  presentIssue,
  sendIssueEmail,
  updateIssue,
} from "../../../services/support/service.ts";
import { trackRefused } from "../../../services/activity/track.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = issueParamsSchema;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Support issues (docs/RULES.md, Support issues). Any signed-in user. */
export const issueRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async (request: Parameters<typeof app.getActor>[0], id: string) => {
    const actor = requireActor(await app.getActor(request));
    const row = UUID.test(id) ? await findIssue(app, issueScope(actor), id) : null;
    if (!row) throw notFound(ISSUE_NOT_FOUND_TITLE);
    return { actor, row };
  };

  app.get("/issues", {
    schema: {
      tags: ["support"],
      summary:
        "Issues newest first with counts per status: the organisation's, or (admins) all or one named organisation's",
      querystring: issueListQuerySchema,
      response: { 200: issueListSchema, ...errors },
    },
    handler: async (request) => {
      const actor = requireActor(await app.getActor(request));
      const requested = request.query.organizationId;
      if (requested) organizationScope(actor, requested); // 404 for a non-admin naming another organisation
      const rows = await listIssues(app, issueScope(actor, requested));
      const counts = { pending: 0, active: 0, resolved: 0 };
      for (const r of rows) counts[r.status] += 1;
      return { issues: rows.map((r) => presentIssue(actor, r)), counts };
    },
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
      const actor = requireActor(await app.getActor(request), ISSUE_NOT_LOGGED_IN_MESSAGE);
      if (!actor.organizationId && !can.seeAllOrganizations(actor)) throw badRequest(ISSUE_NO_ORGANIZATION_MESSAGE);
    },
    onError: trackRefused(app, { actionType: "system", actionName: "issue_submit", resourceType: "issue" }),
    handler: async (request, reply) => {
      const actor = requireActor(await app.getActor(request), ISSUE_NOT_LOGGED_IN_MESSAGE);
      const row = await createIssue(app, actor, request.body);
      sendIssueEmail(app.mailer, request.log, "submitted", row);
      app.activity.record(actor, request, {
        organizationId: row.organizationId,
        actionType: "system",
        actionName: "issue_submit",
        resourceType: "issue",
        resourceId: row.id,
        details: { type: row.type, title: row.title },
      });
      return reply.code(201).send(presentIssue(actor, row));
    },
  });

  app.get("/issues/:id", {
    schema: {
      tags: ["support"],
      summary: "One issue with what the caller may do to it",
      params: idParams,
      response: { 200: issueSchema, ...errors },
    },
    handler: async (request) => {
      const { actor, row } = await load(request, request.params.id);
      return presentIssue(actor, row);
    },
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
    handler: async (request) => {
      const { actor, row } = await load(request, request.params.id);
      authorize(actor, (a) => can.editIssue(a, row), ISSUE_EDIT_FORBIDDEN_MESSAGE);
      const change = request.body;
      const statusChanges = change.status !== undefined && change.status !== row.status;
      const commentChanges =
        change.resolutionComment !== undefined && (change.resolutionComment || null) !== row.resolutionComment;
      if (statusChanges || commentChanges) authorize(actor, can.changeIssueStatus, ISSUE_STATUS_FORBIDDEN_MESSAGE);
      const { row: updated, becameResolved } = await updateIssue(app, row, change);
      if (becameResolved) sendIssueEmail(app.mailer, request.log, "resolved", updated);
      app.activity.record(actor, request, {
        organizationId: row.organizationId,
        actionType: "system",
        actionName: "issue_update",
        resourceType: "issue",
        resourceId: row.id,
        details: { fields: Object.keys(change), from: row.status, to: updated.status },
      });
      return presentIssue(actor, updated);
    },
  });

  app.delete("/issues/:id", {
    schema: {
      tags: ["support"],
      summary: "Delete an issue (admin, owner, manager or the submitter)",
      params: idParams,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      const { actor, row } = await load(request, request.params.id);
      authorize(actor, (a) => can.editIssue(a, row), ISSUE_EDIT_FORBIDDEN_MESSAGE);
      await deleteIssue(app, row);
      app.activity.record(actor, request, {
        organizationId: row.organizationId,
        actionType: "system",
        actionName: "issue_delete",
        resourceType: "issue",
        resourceId: row.id,
        details: { title: row.title },
      });
      return { ok: true as const };
    },
  });
};

import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Issue, IssueList, IssueStatus, IssueType } from "@cultivate/shared";
import {
  ISSUE_PAGE_SIZE,
  ISSUE_EDIT_FORBIDDEN_MESSAGE,
  ISSUE_NO_ORGANIZATION_MESSAGE,
  ISSUE_NOT_FOUND_TITLE,
  ISSUE_NOT_LOGGED_IN_MESSAGE,
  ISSUE_STATUS_FORBIDDEN_MESSAGE,
} from "@cultivate/shared";
import { badRequest, notFound } from "../../lib/errors.ts";
import { UUID_RE } from "../../lib/format.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { Actor } from "../../policy/actor.ts";
import { authorize, can, isApproved, organizationScope, requireActor } from "../../policy/policy.ts";
import { issueResolvedEmail, issueSubmittedEmail } from "./emails.ts";
import type { IssueChange, IssueRow, IssueScope } from "./repository.ts";
import { nextIssueState } from "./transitions.ts";

export type { IssueChange, IssueScope } from "./repository.ts";

/**
 * Support issues (docs/RULES.md, Support issues): who sees which, who may change what, the emails and
 * the action history. The routes call the functions after `issueActor` / `issueSubmitter`.
 */

/** Any signed-in user may use the tracker. */
export async function issueActor(app: FastifyInstance, request: FastifyRequest): Promise<Actor> {
  return requireActor(await app.getActor(request));
}

/**
 * docs/RULES.md, Support issues, the submit checks in order: signed in (the sign-in gate answers
 * first with the same message), organisation known (unless admin), then the fields.
 */
export async function issueSubmitter(app: FastifyInstance, request: FastifyRequest): Promise<Actor> {
  const actor = requireActor(await app.getActor(request), ISSUE_NOT_LOGGED_IN_MESSAGE);
  if (!actor.organizationId && !can.seeAllOrganizations(actor)) throw badRequest(ISSUE_NO_ORGANIZATION_MESSAGE);
  return actor;
}

export function issueScope(actor: Actor, requestedOrganizationId?: string): IssueScope {
  if (can.seeAllOrganizations(actor))
    return requestedOrganizationId ? { organizationId: requestedOrganizationId } : { all: true };
  if (actor.organizationId && isApproved(actor)) return { organizationId: actor.organizationId };
  return { submittedBy: actor.userId, inOrganization: actor.organizationId };
}

/** Output shape, with the permissions computed once here so the UI shows or hides buttons without re-deriving rules. */
export function presentIssue(actor: Actor, row: IssueRow): Issue {
  const canEdit = can.editIssue(actor, row);
  return {
    ...row,
    submittedAt: row.submittedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    permissions: { canEdit, canDelete: canEdit, canChangeStatus: can.changeIssueStatus(actor) },
  };
}

/** Newest submitted first (docs/RULES.md, Support issues), with submitter email and organisation name. */

/** One issue inside the scope, or null (another organisation's issue is "not found"). */
export function findIssue(app: FastifyInstance, scope: IssueScope, id: string): Promise<IssueRow | null> {
  return app.repos.issues.find(scope, id);
}

export function createIssue(
  app: FastifyInstance,
  actor: Actor,
  input: { type: IssueType; title: string; description: string },
): Promise<IssueRow> {
  return app.repos.issues.insert(actor.organizationId, actor.userId, input);
}

/** Applies an edit that policy already allowed; returns the new row and whether it just became resolved. */
export async function updateIssue(app: FastifyInstance, current: IssueRow, change: IssueChange, now = new Date()) {
  const state = nextIssueState(current, { status: change.status, resolutionComment: change.resolutionComment }, now);
  const row = await app.repos.issues.update(current.organizationId, current.id, {
    type: change.type,
    title: change.title,
    description: change.description,
    status: state.status,
    resolvedAt: state.resolvedAt,
    resolutionComment: state.resolutionComment,
  });
  return { row, becameResolved: state.becameResolved };
}

export async function deleteIssue(app: FastifyInstance, row: Pick<IssueRow, "id" | "organizationId">): Promise<void> {
  await app.repos.issues.delete(row.organizationId, row.id);
}

/** One issue the actor may see, or 404 (a malformed id, another organisation's, someone else's). */
async function visibleIssue(app: FastifyInstance, actor: Actor, id: string): Promise<IssueRow> {
  const row = UUID_RE.test(id) ? await findIssue(app, issueScope(actor), id) : null;
  if (!row) throw notFound(ISSUE_NOT_FOUND_TITLE);
  return row;
}

/**
 * One page of the issues the actor may see (admins: all, or one named organisation), of one status or
 * all, with the counts per status of the whole scope (issue 13: an admin's answer held every issue of
 * the installation, each with its description).
 */
export async function issueList(
  app: FastifyInstance,
  actor: Actor,
  query: { organizationId?: string; status?: IssueStatus; page: number },
): Promise<IssueList> {
  const requested = query.organizationId;
  if (requested) organizationScope(actor, requested); // 404 for a non-admin naming another organisation
  const scope = issueScope(actor, requested);
  const counts = await app.repos.issues.counts(scope);
  const rows = await app.repos.issues.page(scope, query.status, {
    offset: (query.page - 1) * ISSUE_PAGE_SIZE,
    limit: ISSUE_PAGE_SIZE,
  });
  return {
    issues: rows.map((r) => presentIssue(actor, r)),
    counts,
    total: query.status ? counts[query.status] : counts.pending + counts.active + counts.resolved,
    page: query.page,
    pageSize: ISSUE_PAGE_SIZE,
  };
}

export async function issueFor(app: FastifyInstance, actor: Actor, id: string): Promise<Issue> {
  return presentIssue(actor, await visibleIssue(app, actor, id));
}

/** Files the issue (status pending), emails the submitter a confirmation and records it. */
export async function submitIssue(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  input: { type: IssueType; title: string; description: string },
): Promise<Issue> {
  const row = await createIssue(app, actor, input);
  sendIssueEmail(app.mailer, request.log, "submitted", row);
  app.activity.record(actor, request, {
    organizationId: row.organizationId,
    actionType: "system",
    actionName: "issue_submit",
    resourceType: "issue",
    resourceId: row.id,
    details: { type: row.type, title: row.title },
  });
  return presentIssue(actor, row);
}

/** An edit: the fields by anyone who may edit it; status and resolution only by those who may change status. */
export async function editIssue(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  id: string,
  change: IssueChange,
): Promise<Issue> {
  const row = await visibleIssue(app, actor, id);
  authorize(actor, (a) => can.editIssue(a, row), ISSUE_EDIT_FORBIDDEN_MESSAGE);
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
}

export async function removeIssue(app: FastifyInstance, actor: Actor, request: FastifyRequest, id: string) {
  const row = await visibleIssue(app, actor, id);
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
}

/**
 * Issue emails go out off the request path; a failure is only logged (docs/RULES.md, Support issues). The mailer
 * keeps every message in its outbox and retries, so nothing is lost.
 */
export function sendIssueEmail(
  mailer: Mailer,
  log: FastifyBaseLogger,
  kind: "submitted" | "resolved",
  row: IssueRow,
): void {
  if (!row.submitterEmail) return;
  const email =
    kind === "submitted"
      ? issueSubmittedEmail({
          issueId: row.id,
          userEmail: row.submitterEmail,
          title: row.title,
          description: row.description,
          type: row.type,
        })
      : issueResolvedEmail({
          issueId: row.id,
          userEmail: row.submitterEmail,
          title: row.title,
          resolutionComment: row.resolutionComment,
        });
  mailer
    .send(email)
    .then((result) => {
      if (result.error) log.warn({ issueId: row.id, error: result.error }, `Failed to send issue ${kind} email`);
    })
    .catch((err: unknown) => log.error({ err, issueId: row.id }, `Failed to send issue ${kind} email`));
}

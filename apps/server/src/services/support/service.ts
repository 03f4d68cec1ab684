import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Issue, IssueType } from "@cultivate/shared";
import type { Mailer } from "../../mail/mailer.ts";
import type { Actor } from "../../policy/actor.ts";
import { can, isApproved } from "../../policy/policy.ts";
import { issueResolvedEmail, issueSubmittedEmail } from "./emails.ts";
import type { IssueChange, IssueRow, IssueScope } from "./repository.ts";
import { nextIssueState } from "./transitions.ts";

export type { IssueChange, IssueScope } from "./repository.ts";

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
export function listIssues(app: FastifyInstance, scope: IssueScope): Promise<IssueRow[]> {
  return app.repos.issues.list(scope);
}

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

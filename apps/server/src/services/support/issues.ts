import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Issue, IssueStatus, IssueType } from "@cultivate/shared";
import type { Db } from "../../db/client.ts";
import { issues, organizations, users } from "../../db/schema.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { Actor } from "../../policy/actor.ts";
import { can, isApproved } from "../../policy/policy.ts";
import { issueResolvedEmail, issueSubmittedEmail } from "./emails.ts";
import { nextIssueState } from "./transitions.ts";

/**
 * Which issues a request may see: admins all (or one named organisation), everyone else their
 * organisation's; a user without an organisation only what they submitted themselves, and so does
 * an account that is not approved yet (issue 11: an applicant sees nothing else of the organisation).
 */
export type IssueScope =
  { all: true } | { organizationId: string } | { submittedBy: string; inOrganization: string | null };

export function issueScope(actor: Actor, requestedOrganizationId?: string): IssueScope {
  if (can.seeAllOrganizations(actor))
    return requestedOrganizationId ? { organizationId: requestedOrganizationId } : { all: true };
  if (actor.organizationId && isApproved(actor)) return { organizationId: actor.organizationId };
  return { submittedBy: actor.userId, inOrganization: actor.organizationId };
}

const scopeWhere = (scope: IssueScope): SQL | undefined => {
  if ("all" in scope) return undefined;
  if ("organizationId" in scope) return eq(issues.organizationId, scope.organizationId);
  return and(
    eq(issues.submittedByUserId, scope.submittedBy),
    scope.inOrganization ? eq(issues.organizationId, scope.inOrganization) : isNull(issues.organizationId),
  );
};

const columns = {
  id: issues.id,
  title: issues.title,
  description: issues.description,
  type: issues.type,
  status: issues.status,
  submittedAt: issues.submittedAt,
  resolvedAt: issues.resolvedAt,
  resolutionComment: issues.resolutionComment,
  submittedByUserId: issues.submittedByUserId,
  submitterEmail: users.email,
  organizationId: issues.organizationId,
  organizationName: organizations.name,
};
type IssueRow = {
  id: string;
  title: string;
  description: string;
  type: IssueType;
  status: IssueStatus;
  submittedAt: Date;
  resolvedAt: Date | null;
  resolutionComment: string | null;
  submittedByUserId: string | null;
  submitterEmail: string | null;
  organizationId: string | null;
  organizationName: string | null;
};

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

const selectIssues = (db: Db) =>
  db
    .select(columns)
    .from(issues)
    .leftJoin(users, eq(users.id, issues.submittedByUserId))
    .leftJoin(organizations, eq(organizations.id, issues.organizationId));

/** Newest submitted first (docs/RULES.md, Support issues), with submitter email and organisation name. */
export async function listIssues(db: Db, scope: IssueScope): Promise<IssueRow[]> {
  return selectIssues(db).where(scopeWhere(scope)).orderBy(desc(issues.submittedAt), desc(issues.id));
}

/** One issue inside the scope, or null (another organisation's issue is "not found"). */
export async function findIssue(db: Db, scope: IssueScope, id: string): Promise<IssueRow | null> {
  const [row] = await selectIssues(db).where(and(eq(issues.id, id), scopeWhere(scope)));
  return row ?? null;
}

export async function createIssue(
  db: Db,
  actor: Actor,
  input: { type: IssueType; title: string; description: string },
): Promise<IssueRow> {
  const [row] = await db
    .insert(issues)
    .values({ ...input, submittedByUserId: actor.userId, organizationId: actor.organizationId, status: "pending" })
    .returning({ id: issues.id });
  return (await findIssue(db, { all: true }, row!.id))!;
}

export type IssueChange = {
  type?: IssueType;
  title?: string;
  description?: string;
  status?: IssueStatus;
  resolutionComment?: string | null;
};

/** Applies an edit that policy already allowed; returns the new row and whether it just became resolved. */
export async function updateIssue(db: Db, current: IssueRow, change: IssueChange, now = new Date()) {
  const state = nextIssueState(current, { status: change.status, resolutionComment: change.resolutionComment }, now);
  await db
    .update(issues)
    .set({
      ...(change.type ? { type: change.type } : {}),
      ...(change.title ? { title: change.title } : {}),
      ...(change.description ? { description: change.description } : {}),
      status: state.status,
      resolvedAt: state.resolvedAt,
      resolutionComment: state.resolutionComment,
      updatedAt: sql`now()`,
    })
    .where(eq(issues.id, current.id));
  const row = (await findIssue(db, { all: true }, current.id))!;
  return { row, becameResolved: state.becameResolved };
}

export async function deleteIssue(db: Db, id: string): Promise<void> {
  await db.delete(issues).where(eq(issues.id, id));
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

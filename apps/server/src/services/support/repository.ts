import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { IssueStatus, IssueType } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import { issues, organizations, users } from "../../db/schema.ts";

/**
 * Which issues a request may see: admins all (or one named organisation), everyone else their
 * organisation's; a user without an organisation only what they submitted themselves, and so does
 * an account that is not approved yet (issue 11: an applicant sees nothing else of the organisation).
 * `issueScope` (service.ts) builds it from the actor.
 */
export type IssueScope =
  { all: true } | { organizationId: string } | { submittedBy: string; inOrganization: string | null };

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
export type IssueRow = {
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

export type IssueChange = {
  type?: IssueType;
  title?: string;
  description?: string;
  status?: IssueStatus;
  resolutionComment?: string | null;
};

/** The stored fields of an edit, after the status rule (transitions.ts) has been applied. */
export type IssueWrite = Pick<IssueChange, "type" | "title" | "description"> & {
  status: IssueStatus;
  resolvedAt: Date | null;
  resolutionComment: string | null;
};

/**
 * Support issue queries. Reads take an `IssueScope` (one organisation, a submitter's own, or all for an
 * admin), so an issue outside it reads as missing; writes name the issue's organisation too.
 */
export function issueRepository(db: Db) {
  const select = (tx: DbOrTx) =>
    tx
      .select(columns)
      .from(issues)
      .leftJoin(users, eq(users.id, issues.submittedByUserId))
      .leftJoin(organizations, eq(organizations.id, issues.organizationId));

  const inOrganization = (organizationId: string | null) =>
    organizationId ? eq(issues.organizationId, organizationId) : isNull(issues.organizationId);

  const find = async (scope: IssueScope, id: string, tx: DbOrTx = db): Promise<IssueRow | null> => {
    const [row] = await select(tx).where(and(eq(issues.id, id), scopeWhere(scope)));
    return row ?? null;
  };

  return {
    /**
     * One page, newest submitted first (docs/RULES.md, Support issues), of one status or all, with
     * submitter email and organisation name.
     */
    page: (
      scope: IssueScope,
      status: IssueStatus | undefined,
      page: { offset: number; limit: number },
      tx: DbOrTx = db,
    ): Promise<IssueRow[]> =>
      select(tx)
        .where(and(scopeWhere(scope), status ? eq(issues.status, status) : undefined))
        .orderBy(desc(issues.submittedAt), desc(issues.id))
        .limit(page.limit)
        .offset(page.offset),

    /** How many issues of the scope have each status. */
    async counts(scope: IssueScope, tx: DbOrTx = db): Promise<Record<IssueStatus, number>> {
      const rows = await tx
        .select({ status: issues.status, n: sql<number>`count(*)::int` })
        .from(issues)
        .where(scopeWhere(scope))
        .groupBy(issues.status);
      const counts = { pending: 0, active: 0, resolved: 0 };
      for (const r of rows) counts[r.status] = Number(r.n);
      return counts;
    },

    /** One issue inside the scope, or null (another organisation's issue is "not found"). */
    find,

    async insert(
      organizationId: string | null,
      submittedByUserId: string,
      input: { type: IssueType; title: string; description: string },
      tx: DbOrTx = db,
    ): Promise<IssueRow> {
      const [row] = await tx
        .insert(issues)
        .values({ ...input, submittedByUserId, organizationId, status: "pending" })
        .returning({ id: issues.id });
      return (await find({ all: true }, row!.id, tx))!;
    },

    async update(organizationId: string | null, id: string, write: IssueWrite, tx: DbOrTx = db): Promise<IssueRow> {
      await tx
        .update(issues)
        .set({
          ...(write.type ? { type: write.type } : {}),
          ...(write.title ? { title: write.title } : {}),
          ...(write.description ? { description: write.description } : {}),
          status: write.status,
          resolvedAt: write.resolvedAt,
          resolutionComment: write.resolutionComment,
          updatedAt: sql`now()`,
        })
        .where(and(eq(issues.id, id), inOrganization(organizationId)));
      return (await find({ all: true }, id, tx))!;
    },

    async delete(organizationId: string | null, id: string, tx: DbOrTx = db): Promise<void> {
      await tx.delete(issues).where(and(eq(issues.id, id), inOrganization(organizationId)));
    },
  };
}

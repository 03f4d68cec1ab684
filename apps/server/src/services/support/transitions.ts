import type { IssueStatus } from "@cultivate/shared";

type State = { status: IssueStatus; resolvedAt: Date | null; resolutionComment: string | null };

/**
 * docs/RULES.md, Support issues, status: moving to resolved from another status stamps resolved_at and stores the
 * comment (and the caller emails the submitter); staying resolved updates the comment; any
 * non-resolved status clears both.
 */
export function nextIssueState(
  current: State,
  change: { status?: IssueStatus; resolutionComment?: string | null },
  now: Date,
): State & { becameResolved: boolean } {
  const status = change.status ?? current.status;
  const comment = change.resolutionComment === undefined ? current.resolutionComment : change.resolutionComment || null;
  if (status !== "resolved") return { status, resolvedAt: null, resolutionComment: null, becameResolved: false };
  if (current.status !== "resolved")
    return { status, resolvedAt: now, resolutionComment: comment, becameResolved: true };
  return { status, resolvedAt: current.resolvedAt ?? now, resolutionComment: comment, becameResolved: false };
}

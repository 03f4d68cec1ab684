import { ISSUE_TYPE_LABELS, PRODUCT_NAME, type IssueType } from "@cultivate/shared";
import type { OutgoingEmail } from "../../mail/mailer.ts";

/** The issue-submitted email (docs/RULES.md, Support issues): issueId, userEmail, title, description, type. */
export function issueSubmittedEmail(p: {
  issueId: string;
  userEmail: string;
  title: string;
  description: string;
  type: IssueType;
}): OutgoingEmail {
  return {
    to: p.userEmail,
    kind: "issue_submitted",
    subject: `We received your support issue: ${p.title}`,
    text: [
      `Thank you for contacting ${PRODUCT_NAME} support. We received your issue and will review it.`,
      ``,
      `Issue: ${p.issueId.slice(0, 8)} (${p.issueId})`,
      `Type: ${ISSUE_TYPE_LABELS[p.type]}`,
      `Title: ${p.title}`,
      ``,
      p.description,
      ``,
      `We will email you again when it is resolved. You can follow it in the Support dashboard.`,
    ].join("\n"),
  };
}

/** The issue-resolved email (docs/RULES.md, Support issues): issueId, userEmail, title, resolutionComment. */
export function issueResolvedEmail(p: {
  issueId: string;
  userEmail: string;
  title: string;
  resolutionComment: string | null;
}): OutgoingEmail {
  return {
    to: p.userEmail,
    kind: "issue_resolved",
    subject: `Your support issue was resolved: ${p.title}`,
    text: [
      `Your ${PRODUCT_NAME} support issue has been resolved.`,
      ``,
      `Issue: ${p.issueId.slice(0, 8)} (${p.issueId})`,
      `Title: ${p.title}`,
      ``,
      `Resolution: ${p.resolutionComment || "No comment was given."}`,
    ].join("\n"),
  };
}

import { z } from "zod";
import { REQUIRED_FIELDS_MESSAGE } from "./onboarding.ts";

/** Issue types and statuses (docs/RULES.md, Support issues). */
export const ISSUE_TYPES = ["bug", "data_error", "feature_request"] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const ISSUE_TYPE_LABELS: Record<IssueType, string> = {
  bug: "Bug Report",
  data_error: "Data Error",
  feature_request: "Feature Request",
};
export const ISSUE_STATUSES = ["pending", "active", "resolved"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = {
  pending: "Pending",
  active: "Active",
  resolved: "Resolved",
};

// docs/RULES.md, Support issues, word for word.
export const ISSUE_NOT_LOGGED_IN_MESSAGE = "You must be logged in to submit an issue.";
export const ISSUE_NO_ORGANIZATION_MESSAGE = "Unable to determine your organization. Please try again.";
export const ISSUE_REQUIRED_FIELDS_MESSAGE = REQUIRED_FIELDS_MESSAGE;
export const ISSUE_SUBMITTED_MESSAGE = "Issue submitted successfully! You will receive a confirmation email shortly.";
export const ISSUE_UPDATED_MESSAGE = "Issue updated successfully!";
export const ISSUE_DELETED_MESSAGE = "Issue deleted successfully!";
export const ISSUE_NOT_FOUND_TITLE = "Issue Not Found";
/** How the support screens tell a signed-out visitor to log in (docs/RULES.md, Support issues). */
export const SUPPORT_LOGIN_REQUIRED_MESSAGE = "You must be logged in to access support.";
export const ISSUE_STATUS_FORBIDDEN_MESSAGE =
  "Only admins, organization owners and managers can change the status or resolution of an issue.";
export const ISSUE_EDIT_FORBIDDEN_MESSAGE = "You don't have permission to change this issue.";
export const issueFailedMessage = (verb: "submit" | "load" | "update" | "delete", message: string) =>
  `Failed to ${verb} issue: ${message}`;
/** docs/RULES.md, Support issues: redirect to /support this long after a successful submit. */
export const ISSUE_REDIRECT_MS = 2000;

const requiredText = (max: number) =>
  z
    .string({ error: ISSUE_REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, { error: ISSUE_REQUIRED_FIELDS_MESSAGE })
    .max(max, { error: `Must be at most ${max} characters.` });

export const issueInputSchema = z.object({
  type: z.enum(ISSUE_TYPES, { error: "Please choose an issue type." }),
  title: requiredText(200),
  description: requiredText(10_000),
});
export type IssueInput = z.input<typeof issueInputSchema>;

/** PATCH body: any subset. status and resolutionComment need admin, owner or manager (docs/RULES.md, Support issues). */
export const issueUpdateSchema = z.object({
  type: z.enum(ISSUE_TYPES).optional(),
  title: requiredText(200).optional(),
  description: requiredText(10_000).optional(),
  status: z.enum(ISSUE_STATUSES).optional(),
  resolutionComment: z.string().trim().max(10_000).nullable().optional(),
});
export type IssueUpdate = z.input<typeof issueUpdateSchema>;

export const issuePermissionsSchema = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canChangeStatus: z.boolean(),
});

export const issueSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(ISSUE_TYPES),
  status: z.enum(ISSUE_STATUSES),
  submittedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionComment: z.string().nullable(),
  submittedByUserId: z.string().nullable(),
  submitterEmail: z.string().nullable(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  permissions: issuePermissionsSchema,
});
export type Issue = z.infer<typeof issueSchema>;

/** How many issues the support dashboard shows at once, in each tab. */
export const ISSUE_PAGE_SIZE = 50;

export const issueListSchema = z.object({
  /** One page, newest submitted first. */
  issues: z.array(issueSchema),
  /** Every issue of the scope, by status (the dashboard's cards and tabs). */
  counts: z.object({ pending: z.number(), active: z.number(), resolved: z.number() }),
  /** How many the asked status (or all) has, and which page this is. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type IssueList = z.infer<typeof issueListSchema>;

/** Issue ids (and action resource ids) are shown as their first 8 characters (docs/RULES.md, Support issues). */
export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : "");

import { z } from "zod";
import { ACTION_TYPES } from "./activity.ts";
import { isoDateTimeSchema, optionalSearchText } from "./input.ts";

/** docs/RULES.md, Activity history: the action history's page size. */
export const ACTION_PAGE_SIZE = 50;
export const actionsErrorMessage = (message: string) => `Error loading actions: ${message}`;
/** The 403 of the action history's routes and its screen's denied message. */
export const ACTION_HISTORY_ACCESS_DENIED_MESSAGE =
  "Access Denied: You don't have permission to view the action history.";

/** Durations under 1000 ms in ms, otherwise seconds with 2 decimals (docs/RULES.md, Activity history). */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

const optionalText = optionalSearchText();

/** The filters of docs/RULES.md, Activity history: all optional, combined with AND. */
export const actionFiltersSchema = z.object({
  actionType: z.enum(ACTION_TYPES).optional(),
  actionName: optionalText,
  resourceType: optionalText,
  userId: optionalText,
  organizationId: z.uuid().optional(),
  from: isoDateTimeSchema().optional(),
  to: isoDateTimeSchema().optional(),
  success: z.enum(["true", "false"]).optional(),
});
export type ActionFilters = z.input<typeof actionFiltersSchema>;

export const actionListQuerySchema = actionFiltersSchema.extend({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(ACTION_PAGE_SIZE),
});

export const userActionSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** The user's name, when they gave one (the sentence names them by it). */
  userName: z.string().nullable(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  actionType: z.string(),
  actionName: z.string(),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  /** The record's name (campaign, group, donor, user's email, file…) for the sentence; null when unknown. */
  resourceName: z.string().nullable(),
  success: z.boolean(),
  durationMs: z.number().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  sessionId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  errorMessage: z.string().nullable(),
  timestamp: z.string(),
});
export type UserAction = z.infer<typeof userActionSchema>;

/**
 * What the history shows as an action's outcome. Operations tracked start-to-finish (campaign create and
 * update) write a "start" row before the work and a "success" or "failed" row after (details.phase); a
 * start row is not a success, so it reads "Started".
 */
export function actionOutcome(a: Pick<UserAction, "success" | "details">): {
  label: "Started" | "Success" | "Failed";
  color: string;
} {
  if (!a.success) return { label: "Failed", color: "red" };
  if (a.details?.phase === "start") return { label: "Started", color: "blue" };
  return { label: "Success", color: "green" };
}

export const actionListSchema = z.object({
  items: z.array(userActionSchema),
  /** Exact number of actions matching the filters. */
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});
export type ActionList = z.infer<typeof actionListSchema>;

export const actionSummarySchema = z.object({
  total: z.number(),
  successCount: z.number(),
  /** Percent, 0–100, or null when there is nothing to rate. */
  successRate: z.number().nullable(),
  byType: z.array(z.object({ actionType: z.string(), count: z.number() })),
  averageDurationMs: z.number().nullable(),
});
export type ActionSummary = z.infer<typeof actionSummarySchema>;

/** How many users the action history's User filter offers at once: those whose email or name holds the typed text. */
export const ACTION_USER_OPTIONS = 50;

/**
 * GET /api/actions/filter-options?q=&userId=: `q` finds users by email or name; `userId` (the one
 * chosen) is always among the users, so the filter can show its email.
 */
export const actionFilterOptionsQuerySchema = z.object({
  q: optionalText,
  userId: optionalText,
});

export const actionFilterOptionsSchema = z.object({
  /** At most ACTION_USER_OPTIONS matching users in the caller's scope, by email, and the chosen one. */
  users: z.array(z.object({ id: z.string(), email: z.string() })),
  actionNames: z.array(z.string()),
  resourceTypes: z.array(z.string()),
});
export type ActionFilterOptions = z.infer<typeof actionFilterOptionsSchema>;

/** docs/RULES.md, Activity history: the 12 columns of user_actions_{date}.csv, in order. */
export const ACTION_CSV_COLUMNS = [
  "Timestamp",
  "User Email",
  "Organization",
  "Action Type",
  "Action Name",
  "Resource Type",
  "Resource ID",
  "Success",
  "Duration (ms)",
  "IP Address",
  "User Agent",
  "Details",
] as const;

const detailsSchema = z
  .record(z.string(), z.unknown())
  .refine((d) => JSON.stringify(d).length <= 10_000, { error: "details is too large (10,000 characters at most)." });

/** Browser-side tracking (docs/RULES.md, Activity history): insert returning id. */
export const trackActionInputSchema = z.object({
  /**
   * Optional id chosen by the browser, so a page view closed before its insert was answered can still be
   * completed: sending the same id again (with the duration) updates the caller's own row.
   */
  id: z.uuid().optional(),
  actionType: z.enum(ACTION_TYPES),
  actionName: z.string().trim().min(1).max(100),
  resourceType: z.string().trim().max(100).nullish(),
  resourceId: z.string().trim().max(500).nullish(),
  details: detailsSchema.optional(),
  durationMs: z.number().int().min(0).max(2_147_483_647).nullish(),
  success: z.boolean().optional(),
  errorMessage: z.string().max(2000).nullish(),
});
export type TrackActionInput = z.input<typeof trackActionInputSchema>;

/** updateAction (docs/RULES.md, Activity history): JSON actionId, duration_ms, details (sent by beacon when the page unloads). */
export const updateActionInputSchema = z.object({
  actionId: z.uuid(),
  duration_ms: z.number().int().min(0).max(2_147_483_647),
  details: detailsSchema.optional(),
});
export type UpdateActionInput = z.input<typeof updateActionInputSchema>;

/**
 * The resource types actions are filed under (the server's and the page-view tracker's), so the
 * history's Resource type filter offers them without reading every action (a test checks the sources).
 */
export const RESOURCE_TYPES = [
  "campaign",
  "donor",
  "donor_group",
  "donor_import",
  "issue",
  "next_step",
  "organization",
  "page",
  "saved_donor_group",
  "session",
  "user",
  "user_actions",
] as const;

/**
 * The action names every feature records (type → names), so the history's filters and the docs
 * agree. Campaign create/update: one record per attempt with success + duration, or failure + message.
 */
export const ACTION_NAMES = {
  authentication: ["sign_in", "sign_out"],
  navigation: ["page_view"],
  data_management: ["onboarding_submit", "csv_upload", "undo_csv_upload", "actions_export"],
  donor_management: [
    "save_donor_notes",
    "create_donor_group",
    "delete_donor_group",
    "add_to_group",
    "remove_from_group",
    "save_filter_group",
    "export_donors",
    "assign_relationship_manager",
    "next_step_create",
    "next_step_update",
    "next_step_done",
    "next_step_reopen",
    "next_step_snooze",
    "next_step_reassign",
    "next_step_delete",
    "contact_report_create",
    "contact_report_update",
    "contact_report_delete",
    "board_move",
  ],
  campaign_management: [
    "campaign_create",
    "campaign_update",
    "campaign_archive",
    "campaign_unarchive",
    "campaign_delete",
  ],
  ai_interaction: ["ai_preview", "ai_generate", "ai_stages_reset", "ai_generate_function"],
  system: [
    "issue_submit",
    "issue_update",
    "issue_delete",
    "ai_provider_change",
    "user_create",
    "user_approve",
    "user_decline",
    "user_role_assign",
    "user_role_remove",
    "user_organization_change",
    "organization_create",
    "organization_update",
    "organization_delete",
    "calendar_feed_create",
    "calendar_feed_reset",
    "calendar_feed_remove",
    "organization_settings_update",
    "digest_subscribe",
    "digest_unsubscribe",
  ],
} as const;

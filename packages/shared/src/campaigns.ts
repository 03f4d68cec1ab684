import { z } from "zod";
import { STAGES } from "./stages.ts";
import { calendarDateSchema, listPageNumber } from "./input.ts";
import { aiProviderIdSchema } from "./ai.ts";

const isoDate = calendarDateSchema("Dates must be real calendar dates, like 2025-01-05.");
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} is too long.` });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const CAMPAIGN_MESSAGES = {
  accessDenied: "You don't have permission to manage campaigns.",
  orgUnavailable: "Organization information not available",
  datesOutOfOrder: "The start date must be on or before the end date.",
  created: (name: string) => `Campaign "${name}" created successfully!`,
  updated: (name: string) => `Campaign "${name}" updated successfully!`,
  archived: (name: string) => `Campaign "${name}" archived successfully!`,
  unarchived: (name: string) => `Campaign "${name}" unarchived successfully!`,
  deleted: (name: string) => `Campaign "${name}" permanently deleted.`,
  saveFailed: (m: string) => `Failed to save campaign: ${m}`,
  archiveFailed: (m: string) => `Failed to archive campaign: ${m}`,
  unarchiveFailed: (m: string) => `Failed to unarchive campaign: ${m}`,
  deleteFailed: (m: string) => `Failed to delete campaign: ${m}`,
  archiveConfirm:
    "Archiving removes the campaign from the list available for new donor assignments. You can unarchive it later.",
  unarchiveConfirm: "Unarchiving makes the campaign selectable again in donor discovery stages.",
  /** Archived campaigns are not selectable for new donor work (docs/RULES.md, Campaigns). */
  archivedNoGoals: "This campaign is archived. Unarchive it before setting donor goals.",
  archivedNoRecommendation: "This campaign is archived. Choose an active campaign, or unarchive it first.",
  notFound: "Campaign not found.",
  deleteConfirm:
    "This action cannot be undone. It permanently deletes the campaign and removes all associated data (its donor assignments and goals).",
  empty: "No campaigns yet. Create your first campaign to start organizing donor cultivation.",
} as const;

export const campaignInputSchema = z
  .object({
    name: requiredText("Campaign name", 200),
    goal: requiredText("Campaign goal", 200),
    startDate: isoDate,
    endDate: isoDate,
    details: optionalText(10_000),
    officeInfo: optionalText(500),
    /** Admins may create in another organisation; others always create in their own. */
    organizationId: z.uuid().nullish(),
  })
  .refine((v) => v.startDate <= v.endDate, { error: CAMPAIGN_MESSAGES.datesOutOfOrder, path: ["endDate"] });
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const campaignPatchSchema = z
  .object({
    name: requiredText("Campaign name", 200).optional(),
    goal: requiredText("Campaign goal", 200).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    details: optionalText(10_000).optional(),
    officeInfo: optionalText(500).optional(),
    isArchived: z.boolean().optional(),
  })
  .refine((v) => !(v.startDate && v.endDate) || v.startDate <= v.endDate, {
    error: CAMPAIGN_MESSAGES.datesOutOfOrder,
    path: ["endDate"],
  });
export type CampaignPatch = z.input<typeof campaignPatchSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  goal: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  details: z.string().nullable(),
  officeInfo: z.string().nullable(),
  isArchived: z.boolean(),
  organizationId: z.string(),
  organizationName: z.string(),
  ownerUserId: z.string().nullable(),
  createdAt: z.string(),
  donorCount: z.number(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** Campaigns per page of the list (ADR 070). */
export const CAMPAIGN_PAGE_SIZE = 50;
/** Donors per page of a campaign's donor list (its card, expanded; ADR 078). */
export const CAMPAIGN_DONOR_PAGE_SIZE = 50;

export const campaignListQuerySchema = z.object({
  organizationId: z.uuid().optional(),
  /** true: archived ones too, after every active one. */
  includeArchived: z.enum(["true", "false"]).optional(),
  page: listPageNumber(),
});
/**
 * One page (CAMPAIGN_PAGE_SIZE) of the campaigns the viewer may see: active ones first, then (when
 * asked) archived ones, each newest first (ADR 070).
 */
export const campaignListSchema = z.object({
  campaigns: z.array(campaignSchema),
  /** "Your Campaigns" when the viewer only sees the campaigns they own. */
  ownOnly: z.boolean(),
  organizationName: z.string().nullable(),
  /** Every campaign listed, over all pages (archived ones only when asked). */
  total: z.number().int(),
  /** The active campaigns among them: none means the empty state, whatever the page. */
  activeTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const campaignDonorSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  dsRating: z.string().nullable(),
  estimatedCapacity: z.number().nullable(),
  totalGiftAmount: z.number().nullable(),
  numberOfGifts: z.number().nullable(),
  goalText: z.string(),
});
export type CampaignDonor = z.infer<typeof campaignDonorSchema>;

// ---- stage recommendations (/donor/{id}) ----
export const STAGE_MESSAGES = {
  discoveryNeedsCampaign: "Please select a campaign above to create a Discovery stage recommendation.",
  loadingOrganization: "Loading organization information...",
  prepNotesRequired: "Please enter preparation notes for this stage.",
  saveFailed: "Failed to save the stage. Please try again.",
  generationFailed: "An error occurred. Please try again.",
  generationFailedBecause: (reason: string) => `Failed to generate AI recommendation: ${reason}`,
  resetConfirm:
    "Delete every saved stage recommendation for this donor and start again at Discovery? This cannot be undone.",
  generating: "Generating...",
  /** ours (issue 14): the campaign selector's next step when there is no campaign to pick. */
  noCampaigns: "There is no active campaign yet.",
  noCampaignsAskSomeone:
    "There is no active campaign yet. Your organization's owners and managers, or an administrator, can create one.",
} as const;

export const stageNameSchema = z.enum(STAGES);

export const stageRequestSchema = z.object({
  stage: stageNameSchema,
  campaignId: z.uuid().nullish(),
  prepNotes: z.string().max(10_000).nullish(),
});
export const stagePreviewSchema = z.object({
  prompt: z.string(),
  promptVersion: z.number(),
  provider: aiProviderIdSchema,
  providerLabel: z.string(),
});
export const stageGenerateSchema = stageRequestSchema.extend({
  /** The (possibly edited) preview. */
  prompt: z.string().trim().min(1, { error: "The prompt is empty." }).max(50_000),
});

export const stageRecommendationSchema = z.object({
  id: z.string(),
  stageName: z.string(),
  aiOutput: z.string().nullable(),
  promptSent: z.string().nullable(),
  prepNotes: z.string().nullable(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  promptVersion: z.number().nullable(),
  userEmail: z.string().nullable(),
  /** Who saved it, as the screens name people (null when unknown). */
  userName: z.string().nullable(),
  /** Issue 15: "person" for a record written by moving a card on the pipeline board, with its note and no AI output. */
  kind: z.enum(["ai", "person"]),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type StageRecommendation = z.infer<typeof stageRecommendationSchema>;

export const stageWorkspaceSchema = z.object({
  donor: z.object({
    id: z.string(),
    name: z.string(),
    estimatedCapacity: z.number().nullable(),
    dsRating: z.string().nullable(),
    organizationId: z.string(),
    organizationName: z.string(),
  }),
  /** The organisation's non-archived campaigns, newest first. */
  campaigns: z.array(z.object({ id: z.string(), name: z.string(), goal: z.string() })),
  /** The donor's goal text per campaign (campaign_goals). */
  goals: z.array(z.object({ campaignId: z.string(), goalText: z.string() })),
  stages: z.array(stageRecommendationSchema),
  /** The first of the five stages with no record, or null when all are done. */
  defaultStage: stageNameSchema.nullable(),
  currentStage: z.string(),
});
export type StageWorkspace = z.infer<typeof stageWorkspaceSchema>;

export const campaignGoalInputSchema = z.object({ goalText: z.string().max(5000) });

// ---- prompt editor (/admin/prompts) ----
export const PROMPT_MESSAGES = {
  accessDenied: "You don't have permission to edit prompts.",
  saved: (stage: string) => `${stage} prompt saved successfully!`,
  restored: (stage: string) => `Previous version restored successfully for ${stage}.`,
  noEarlier: (stage: string) => `No earlier version available to restore for ${stage}.`,
  saveFailed: (stage: string, m: string) => `Failed to save ${stage} prompt: ${m}`,
  restoreFailed: (stage: string, m: string) => `Failed to restore previous version for ${stage}: ${m}`,
  historyFailed: (stage: string, m: string) => `Failed to load version history for ${stage}: ${m}`,
} as const;

export const stagePromptSchema = z.object({
  stageName: stageNameSchema,
  promptText: z.string(),
  version: z.number(),
  /** When an admin last saved it; null (shown as N/A) while it is the shipped default. */
  lastSavedAt: z.string().nullable(),
  versionCount: z.number(),
});
export type StagePrompt = z.infer<typeof stagePromptSchema>;
export const stagePromptInputSchema = z.object({
  promptText: z.string().trim().min(1, { error: "The prompt cannot be empty." }).max(20_000),
});
export const stagePromptVersionSchema = z.object({
  version: z.number(),
  promptText: z.string(),
  editedAt: z.string(),
  editedBy: z.string().nullable(),
});

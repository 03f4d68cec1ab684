import { z } from "zod";
import { STAGES, type StageName } from "./stages.ts";

/**
 * The global AI provider setting, the one list of providers (docs/RULES.md, AI provider): the spec's three
 * values plus "offline", a built-in planner that needs no key, used by a fresh install until a key is
 * configured. `label` is how the settings and the stage history show it; `name` is how the provider
 * names itself in its own messages and in the server's list of available providers.
 */
export const AI_PROVIDERS = [
  { value: "openai", label: "OpenAI GPT-4", name: "OpenAI GPT-4" },
  { value: "gpt-5", label: "ChatGPT 5.0", name: "ChatGPT 5.0" },
  { value: "claude", label: "Claude 3.5 Sonnet", name: "Claude 3.5 Sonnet" },
  { value: "offline", label: "Built-in offline planner (no API key)", name: "Built-in offline planner" },
] as const;
export type AiProviderId = (typeof AI_PROVIDERS)[number]["value"];
export const AI_PROVIDER_IDS = AI_PROVIDERS.map((p) => p.value) as unknown as readonly [
  AiProviderId,
  ...AiProviderId[],
];
export const aiProviderIdSchema = z.enum(AI_PROVIDER_IDS);
export const aiProviderLabel = (id: string) => AI_PROVIDERS.find((p) => p.value === id)?.label ?? id;
export const aiProviderName = (id: AiProviderId) => AI_PROVIDERS.find((p) => p.value === id)!.name;

export const AI_SETTINGS_NOT_CONFIGURED = "App settings not configured. Using default AI provider.";
export const AI_PROVIDER_UPDATE_FAILED = "Failed to update AI provider setting";
export const ONLY_ADMIN_AI_PROVIDER = "Only administrators can change the AI provider";
export const ONLY_ADMIN_SETTING = "Only administrators can change this setting";
/** The admin's confirmation before switching the global provider (issue 11 item 13): it applies to everyone at once. */
export const AI_PROVIDER_SWITCH_TITLE = "Switch the AI provider for everyone?";
export const aiProviderSwitchMessage = (label: string) =>
  `Every user's recommendations will use ${label} from now on. This applies to the whole platform at once.`;
export const aiProviderNoKeyWarning = (label: string) =>
  `${label} has no API key configured on this server; everyone's recommendations will fail until one is set. Switch anyway?`;

export const aiSettingSchema = z.object({
  provider: aiProviderIdSchema,
  /** False when no setting row exists yet (the UI then shows AI_SETTINGS_NOT_CONFIGURED). */
  configured: z.boolean(),
  updatedAt: z.string().nullable(),
  /** Which providers this server has keys for. */
  available: z.array(z.object({ value: aiProviderIdSchema, label: z.string(), model: z.string(), ready: z.boolean() })),
});
export type AiSetting = z.infer<typeof aiSettingSchema>;

export const DEFAULT_CAMPAIGN_GOAL = "N/A";
export const DEFAULT_PREP_NOTES = "None provided";
export const DEFAULT_PREVIOUS_SUMMARIES = "None";

/** "Stage N (name): output" lines of the earlier stages, in the order they were saved (docs/RULES.md, AI recommendations). */
export function formatPreviousSummaries(records: readonly { stageName: string; aiOutput: string }[]): string {
  if (records.length === 0) return DEFAULT_PREVIOUS_SUMMARIES;
  return records
    .map((r) => {
      const n = STAGES.indexOf(r.stageName as StageName) + 1;
      return `Stage ${n > 0 ? n : "?"} (${r.stageName}): ${r.aiOutput}`;
    })
    .join("\n\n");
}

export type PromptInput = {
  stagePrompt: string;
  stage: string;
  /** Donor facts as label → value, already formatted for reading. */
  donorFacts: readonly [string, string][];
  campaignName?: string | null;
  /** The campaign's own goal ("Raise $250k at the gala"). */
  campaignGoal?: string | null;
  /** The donor's goal for that campaign, when one was set (issue 14). */
  donorGoal?: string | null;
  prepNotes?: string | null;
  previousSummaries?: string | null;
  /**
   * Issue 15: the donor's latest interactions as `formatRecentInteractions` writes them (dates, types and
   * plain-text summaries, no contact details); the section is left out when there are none.
   */
  recentInteractions?: string | null;
};

/** The prompt sent to the AI provider: the stage's prompt, then the donor and the context. */
export function buildStagePrompt(input: PromptInput): string {
  const facts = input.donorFacts.map(([k, v]) => `- ${k}: ${v}`).join("\n");
  return [
    input.stagePrompt.trim(),
    "",
    `Engagement stage: ${input.stage}`,
    ...(input.campaignName ? [`Campaign: ${input.campaignName}`] : []),
    `Campaign goal: ${input.campaignGoal?.trim() || DEFAULT_CAMPAIGN_GOAL}`,
    ...(input.donorGoal?.trim() ? [`Goal for this donor: ${input.donorGoal.trim()}`] : []),
    "",
    "Donor information:",
    facts || "- (no donor data)",
    "",
    ...(input.recentInteractions?.trim()
      ? ["Recent interactions (newest first):", input.recentInteractions.trim(), ""]
      : []),
    `Preparation notes: ${input.prepNotes?.trim() || DEFAULT_PREP_NOTES}`,
    "",
    "Previous stage summaries:",
    input.previousSummaries?.trim() || DEFAULT_PREVIOUS_SUMMARIES,
  ].join("\n");
}

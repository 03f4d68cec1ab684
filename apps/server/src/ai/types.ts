import type { AiProviderId } from "@cultivate/shared";

/** What a stage recommendation is built from; the offline planner reads it directly. */
export type StageContext = {
  stage: string;
  donor: {
    name: string;
    facts: readonly [string, string][];
    capacity: number | null;
    rating: string | null;
    totalGiven: number | null;
    giftCount: number | null;
    lastGiftDate: string | null;
    lastGiftAmount: number | null;
    largestGift: number | null;
  };
  campaignName: string | null;
  campaignGoal: string | null;
  /** The donor's own goal for the campaign, when set. */
  donorGoal: string | null;
  prepNotes: string | null;
  previousStages: readonly { stageName: string; aiOutput: string; createdAt: string }[];
  /** Issue 15: the donor's latest contact reports, newest first (summaries as plain text, contact details masked). */
  recentInteractions?: readonly { type: string; date: string; summary: string }[];
};

export type GenerateRequest = {
  prompt: string;
  /** Absent for callers that only have a prompt (POST /api/functions/generatePrompt). */
  context?: StageContext;
  onToken?: (text: string) => void;
  signal?: AbortSignal;
};

export type GenerateResult = { text: string; model: string };

/** One interface for every provider: cloud models, self-hosted OpenAI-compatible servers, the offline planner. */
export interface AiProvider {
  readonly id: AiProviderId;
  readonly label: string;
  readonly model: string;
  /** False when the server has no key for it; generate() then fails with a clear message. */
  readonly ready: boolean;
  generate(request: GenerateRequest): Promise<GenerateResult>;
}

/** An upstream problem, worded for the user ("Failed to generate AI recommendation: {message}"). */
export class AiError extends Error {
  constructor(
    message: string,
    readonly status: number = 502,
  ) {
    super(message);
    this.name = "AiError";
  }
}

export const SYSTEM_PROMPT =
  "You are an experienced major-gifts fundraising advisor for nonprofit organisations. " +
  "Write practical, specific, respectful cultivation advice for the stage you are asked about. " +
  "Use the donor data given; do not invent facts about the donor.";

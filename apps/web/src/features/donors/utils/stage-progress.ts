import { currentStage, DONOR_MESSAGES, STAGES, type StageName } from "@cultivate/shared";

export type StageState = "done" | "current" | "upcoming";

export interface StageProgress {
  stages: { name: StageName; state: StageState }[];
  /** The first stage without a record; null when all five are done (Complete). */
  current: StageName | null;
}

/**
 * docs/RULES.md, Engagement stages: a stage is done when the donor has at least one record with its name; the current
 * stage is the first one not done; records may come in any order and repeat.
 */
export function stageProgress(recordStageNames: readonly string[]): StageProgress {
  const done = new Set(recordStageNames);
  // The one rule (packages/shared, currentStage); the strip shows "Complete" as no current stage.
  const stage = currentStage(done);
  const current = stage === "Complete" ? null : stage;
  return {
    current,
    stages: STAGES.map((name) => ({
      name,
      state: done.has(name) ? "done" : name === current ? "current" : "upcoming",
    })),
  };
}

export const nextStepText = (current: StageName | null) =>
  current ? DONOR_MESSAGES.nextStep(current) : DONOR_MESSAGES.allStagesCompleted;

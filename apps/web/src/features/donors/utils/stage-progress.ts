import { STAGES, type StageName } from "@cultivate/shared";

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
  const current = STAGES.find((s) => !done.has(s)) ?? null;
  return {
    current,
    stages: STAGES.map((name) => ({
      name,
      state: done.has(name) ? "done" : name === current ? "current" : "upcoming",
    })),
  };
}

export const nextStepText = (current: StageName | null) =>
  current ? `You are in the ${current} stage...` : "All stages completed.";

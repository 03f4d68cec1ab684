/** The five engagement stages in their fixed order (docs/RULES.md, Engagement stages). */
export const STAGES = ["Discovery", "Connection", "Deepening", "Solicitation", "Follow-Up"] as const;
export type StageName = (typeof STAGES)[number];
export const isStageName = (s: string): s is StageName => (STAGES as readonly string[]).includes(s);

/** A stage is done when the donor has a record of it; the current stage is the first not done, else Complete. */
export function currentStage(doneStages: Iterable<string>): StageName | "Complete" {
  const done = new Set(doneStages);
  return STAGES.find((s) => !done.has(s)) ?? "Complete";
}

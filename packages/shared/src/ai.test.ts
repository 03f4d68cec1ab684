import { describe, expect, it } from "vitest";
import {
  AI_PROVIDERS,
  aiProviderIdSchema,
  aiProviderLabel,
  aiProviderName,
  buildStagePrompt,
  formatPreviousSummaries,
} from "./ai.ts";
import { currentStage } from "./stages.ts";

describe("formatPreviousSummaries", () => {
  it("is 'None' without earlier stages", () => {
    expect(formatPreviousSummaries([])).toBe("None");
  });
  it("numbers stages by their place in the five", () => {
    expect(
      formatPreviousSummaries([
        { stageName: "Discovery", aiOutput: "A" },
        { stageName: "Deepening", aiOutput: "C" },
      ]),
    ).toBe("Stage 1 (Discovery): A\n\nStage 3 (Deepening): C");
  });
});

describe("buildStagePrompt", () => {
  it("uses the spec's defaults for goal, notes and history", () => {
    const p = buildStagePrompt({ stagePrompt: "Plan.", stage: "Discovery", donorFacts: [["DS Rating", "DS1-1"]] });
    expect(p).toContain("Plan.");
    expect(p).toContain("Campaign goal: N/A");
    expect(p).toContain("Preparation notes: None provided");
    expect(p).toContain("Previous stage summaries:\nNone");
    expect(p).toContain("- DS Rating: DS1-1");
  });
  it("includes what was given", () => {
    const p = buildStagePrompt({
      stagePrompt: "Plan.",
      stage: "Connection",
      donorFacts: [],
      campaignName: "Gala",
      campaignGoal: "$5,000",
      prepNotes: "Met",
      previousSummaries: "Stage 1 (Discovery): X",
    });
    expect(p).toContain("Campaign: Gala");
    expect(p).toContain("Campaign goal: $5,000");
    expect(p).toContain("Preparation notes: Met");
    expect(p).toContain("Stage 1 (Discovery): X");
  });
});

describe("currentStage", () => {
  it("is the first stage without a record, else Complete", () => {
    expect(currentStage([])).toBe("Discovery");
    expect(currentStage(["Connection"])).toBe("Discovery");
    expect(currentStage(["Discovery", "Connection", "Deepening", "Solicitation", "Follow-Up"])).toBe("Complete");
  });
});

describe("AI providers", () => {
  it("are one list: the id schema, the labels and the names all come from AI_PROVIDERS", () => {
    expect(aiProviderIdSchema.options).toEqual(AI_PROVIDERS.map((p) => p.value));
    expect(AI_PROVIDERS.map((p) => aiProviderLabel(p.value))).toEqual([
      "OpenAI GPT-4",
      "ChatGPT 5.0",
      "Claude 3.5 Sonnet",
      "Built-in offline planner (no API key)",
    ]);
    expect(aiProviderName("offline")).toBe("Built-in offline planner");
    expect(aiProviderLabel("unknown")).toBe("unknown");
  });
});

import { describe, expect, it } from "vitest";
import { currentStage } from "./stages.ts";

describe("current stage", () => {
  it("is the first of the five stages without a record, or Complete", () => {
    expect(currentStage([])).toBe("Discovery");
    expect(currentStage(["Connection"])).toBe("Discovery");
    expect(currentStage(["Discovery", "Discovery"])).toBe("Connection");
    expect(currentStage(["Discovery", "Connection", "Deepening", "Solicitation", "Follow-Up"])).toBe("Complete");
  });
});

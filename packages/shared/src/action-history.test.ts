import { describe, expect, it } from "vitest";
import { actionOutcome } from "./action-history.ts";

describe("actionOutcome", () => {
  it("tells a start row from a success row and a failure", () => {
    expect(actionOutcome({ success: true, details: { phase: "start" } }).label).toBe("Started");
    expect(actionOutcome({ success: true, details: { phase: "success" } }).label).toBe("Success");
    expect(actionOutcome({ success: true, details: {} }).label).toBe("Success");
    expect(actionOutcome({ success: false, details: { phase: "failed" } }).label).toBe("Failed");
    expect(actionOutcome({ success: false, details: {} }).label).toBe("Failed");
  });
});

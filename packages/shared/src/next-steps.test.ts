import { describe, expect, it } from "vitest";
import { isoDateSchema, stepsOf, suggestDueDate } from "./next-steps.ts";

describe("suggestDueDate (issue 15, Next steps)", () => {
  const today = "2026-11-26";
  it.each([
    ["Call her within two weeks to follow up", "2026-12-10"],
    ["Send a thank-you note in 3 days", "2026-11-29"],
    ["Invite him to a site visit next month", "2026-12-26"],
    ["Email the board chair tomorrow", "2026-11-27"],
    ["Thank her immediately", "2026-11-26"],
    ["Share the annual report", "2026-12-03"], // nothing said: one week
    ["Plan the ask over the next 6 weeks", "2027-01-07"],
  ])("%s → %s", (step, due) => {
    expect(suggestDueDate(step, today)).toBe(due);
  });
});

describe("stepsOf", () => {
  it("takes the numbered lines, without markers or emphasis, and skips facts, prose and headings", () => {
    const text = [
      "## Next steps",
      "Some context about the donor.",
      "- Estimated capacity is $500,000.",
      "1. **Call** Ada about the gala",
      "2) Send the impact report",
    ].join("\n");
    expect(stepsOf(text)).toEqual(["Call Ada about the gala", "Send the impact report"]);
  });

  it("takes bulleted lines when nothing is numbered", () => {
    expect(stepsOf("- Introduce her to the board chair\n* \n• Log the meeting")).toEqual([
      "Introduce her to the board chair",
      "Log the meeting",
    ]);
  });
});

describe("isoDateSchema", () => {
  it("refuses impossible and malformed dates", () => {
    expect(isoDateSchema.safeParse("2026-02-28").success).toBe(true);
    expect(isoDateSchema.safeParse("2026-02-30").success).toBe(false);
    expect(isoDateSchema.safeParse("2026-2-3").success).toBe(false);
    expect(isoDateSchema.safeParse("99999-01-01").success).toBe(false);
  });
});

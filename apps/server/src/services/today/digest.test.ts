import { describe, expect, it } from "vitest";
import { TODAY_SECTIONS } from "@cultivate/shared";
import { digestEmail } from "./digest.ts";

describe("the weekly digest's sections", () => {
  it("are Today's five lists, with Today's titles and empty sentences (TODAY_SECTIONS)", () => {
    const { text, html } = digestEmail(
      "https://cultivate.example",
      "Ada",
      { overdue: [], week: [] },
      {
        noContact: { days: 45, total: 0, items: [] },
        longInStage: { total: 0, items: [] },
        notStarted: { total: 0, items: [] },
      },
    );
    for (const [title, empty] of [
      [TODAY_SECTIONS.overdue.title, TODAY_SECTIONS.overdue.empty],
      [TODAY_SECTIONS.week.title, TODAY_SECTIONS.week.empty],
      [TODAY_SECTIONS.noContact.title(45), TODAY_SECTIONS.noContact.empty(45)],
      [TODAY_SECTIONS.longInStage.title, TODAY_SECTIONS.longInStage.empty],
      [TODAY_SECTIONS.notStarted.title, TODAY_SECTIONS.notStarted.empty],
    ]) {
      expect(text).toContain(`${title} (0)\n${empty}`);
      expect(html).toContain(`<p>${empty}</p>`);
    }
    expect(text).toContain("Everyone has been contacted in the last 45 days.");
  });
});

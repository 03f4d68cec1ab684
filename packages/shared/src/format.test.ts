import { describe, expect, it } from "vitest";
import {
  clipText,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatShare,
  plural,
  pluralWord,
  truncateText,
} from "./format.ts";

describe("formatMoney (docs/RULES.md, Display formats: dollar sign, thousands separators, N/A when zero or missing)", () => {
  it.each([
    [1234, "$1,234"],
    [1234567.5, "$1,234,567.50"],
    [0.5, "$0.50"],
    [-2500, "-$2,500"],
    ["250000", "$250,000"],
    ["1234.50", "$1,234.50"],
    ["$1,234", "$1,234"],
  ] as const)("%s → %s", (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });

  it.each([[0], ["0"], ["0.00"], [null], [undefined], [""], ["N/A"], ["abc"], [Number.NaN]])(
    "shows N/A for %s",
    (value) => {
      expect(formatMoney(value)).toBe("N/A");
    },
  );
});

describe("formatNumber", () => {
  it("separates thousands and keeps zero", () => {
    expect(formatNumber(12345)).toBe("12,345");
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber("7.25")).toBe("7.25");
    expect(formatNumber(null)).toBe("N/A");
  });
});

describe('formatDate (docs/RULES.md, Display formats: dates display like "Jan 5, 2025")', () => {
  it("shows a calendar date as that day", () => {
    expect(formatDate("2025-01-05")).toBe("Jan 5, 2025");
    expect(formatDate("2024-12-31")).toBe("Dec 31, 2024");
  });

  it("shows a timestamp's date", () => {
    expect(formatDate(new Date(2025, 0, 5, 12))).toBe("Jan 5, 2025");
    expect(formatDate(new Date(2025, 6, 4, 9).toISOString())).toBe("Jul 4, 2025");
  });

  it.each([[null], [undefined], [""], ["not a date"], ["2025-02-30"]])("shows N/A for %s", (value) => {
    expect(formatDate(value)).toBe("N/A");
  });
});

describe("truncateText (docs/RULES.md, Display formats: cut at 100 characters with ...)", () => {
  it("keeps text of up to 100 characters", () => {
    expect(truncateText("a".repeat(100))).toBe("a".repeat(100));
    expect(truncateText("")).toBe("");
  });
  it("cuts longer text to 100 characters plus ...", () => {
    const long = `${"b".repeat(100)}tail`;
    expect(truncateText(long)).toBe(`${"b".repeat(100)}...`);
  });
  it("ends on a whole word, without a stop or space before the ...", () => {
    const words =
      "Offline plan: written by Cultivate's built-in planner from this donor's record, without an AI model. It";
    expect(words.length).toBeGreaterThan(100);
    expect(truncateText(words)).toBe(
      "Offline plan: written by Cultivate's built-in planner from this donor's record, without an AI model...",
    );
    // The 100th character ends a word: nothing to go back for.
    expect(truncateText(`${"word ".repeat(19)}abcde more`)).toBe(`${"word ".repeat(19)}abcde...`);
    // Mid-word, the cut goes back to the space before it.
    expect(truncateText(`${"word ".repeat(19)}abcdefgh`)).toBe(`${"word ".repeat(18)}word...`);
    // One long word early on: cut where 100 characters end rather than keep only a few.
    expect(truncateText(`Hi ${"x".repeat(120)}`)).toBe(`Hi ${"x".repeat(97)}...`);
    // Punctuation only: kept rather than left empty.
    expect(truncateText(".".repeat(150))).toBe(`${".".repeat(100)}...`);
  });
  it("never splits an emoji", () => {
    const text = `${"a".repeat(99)}😀 and more`;
    expect(truncateText(text)).toBe(`${"a".repeat(99)}...`);
    expect(truncateText(text)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe("formatDateTime: formatDate's day plus the time", () => {
  it("writes the day as every screen does, then the time", () => {
    expect(formatDateTime(new Date(2026, 10, 23, 15, 4, 5))).toBe("Nov 23, 2026, 3:04 PM");
    expect(formatDateTime(new Date(2026, 10, 23, 9, 4, 5), { seconds: true })).toBe("Nov 23, 2026, 9:04:05 AM");
    expect(formatDateTime(null)).toBe("N/A");
    expect(formatDateTime("nonsense")).toBe("N/A");
  });
});

describe("plural (Intl.PluralRules)", () => {
  it("says 1 donor and 2,995 donors", () => {
    expect(plural(1, "donor")).toBe("1 donor");
    expect(plural(0, "donor")).toBe("0 donors");
    expect(plural(2995, "donor")).toBe("2,995 donors");
    expect(plural(1.5, "day")).toBe("1.5 days");
    expect(plural(2, "person", "people")).toBe("2 people");
    expect(pluralWord(1, "recommendation")).toBe("recommendation");
  });
});

describe("formatShare (docs/RULES.md, Display formats)", () => {
  it("rounds to a whole percentage", () => {
    expect(formatShare(1, 3)).toBe("33%");
    expect(formatShare(2, 3)).toBe("67%");
    expect(formatShare(3, 3)).toBe("100%");
    expect(formatShare(0, 1139)).toBe("0%");
  });
  it("never reads as none or all when it is not", () => {
    expect(formatShare(4, 1139)).toBe("<1%");
    expect(formatShare(1138, 1139)).toBe(">99%");
  });
  it("is 0% of nothing", () => {
    expect(formatShare(0, 0)).toBe("0%");
  });
});

describe("clipText", () => {
  it("keeps text that fits and cuts the rest to max characters, the last one …", () => {
    expect(clipText("short", 10)).toBe("short");
    expect(clipText("abcdefghij", 10)).toBe("abcdefghij");
    expect(clipText("abcdefghijk", 10)).toBe("abcdefghi…");
    expect(clipText("abcd efghijk", 6)).toBe("abcd…");
  });
  it("never splits an emoji", () => {
    const clipped = clipText(`${"a".repeat(8)}😀😀`, 10);
    expect(clipped).toBe(`${"a".repeat(8)}…`);
    expect(clipped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

import { describe, expect, it } from "vitest";
import { DONOR_FIELDS } from "@cultivate/shared";
import { EXTRA_CODES, extraCodeOf, extraOf, extraValue } from "./extra.ts";
import { EXTRA_FIELDS } from "./rows.ts";

describe("the codes of extra's fields (ADR 060)", () => {
  it("name every field kept in extra, and nothing else", () => {
    expect(Object.keys(EXTRA_CODES).sort()).toEqual(EXTRA_FIELDS.map((f) => f.key).sort());
  });

  it("are distinct, never all digits, and never a catalogue key", () => {
    const codes = Object.values(EXTRA_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^[A-Za-z]+$/);
    const keys = new Set(DONOR_FIELDS.map((f) => f.key));
    expect(codes.filter((c) => keys.has(c))).toEqual([]);
  });

  it("keep the names a stored donor already uses", () => {
    // Codes are names on disk: these must never change (a new field gets a new code).
    expect([EXTRA_CODES.annualFundLikelihood, EXTRA_CODES.foundation, EXTRA_CODES.user20]).toEqual(["a", "X", "aR"]);
  });
});

describe("extraOf and extraValue", () => {
  it("store the values of extra fields under their codes, in the values' order", () => {
    const extra = extraOf(
      // A typed column, a derived field, an empty value and an unknown key are not stored.
      {
        user1: "u",
        email: "a@b.c",
        daysSinceContact: 3,
        foundation: "Yes",
        rfmTotal: null,
        nope: "x",
        wealthBasedCapacity: 0,
      },
      { Hobby: "chess" },
      { age: "old" },
    );
    expect(JSON.stringify(extra)).toBe(
      `{"fields":{"${extraCodeOf("user1")}":"u","${extraCodeOf("foundation")}":"Yes","${extraCodeOf("wealthBasedCapacity")}":0},"unknown":{"Hobby":"chess"},"invalid":{"age":"old"}}`,
    );
    expect(extraValue(extra.fields!, "foundation")).toBe("Yes");
    expect(extraValue(extra.fields!, "wealthBasedCapacity")).toBe(0);
    expect(extraValue(extra.fields!, "rfmTotal")).toBeUndefined();
  });

  it("read a donor stored before the codes, under the fields' keys", () => {
    expect(extraValue({ foundation: "No", rfmTotal: 4 }, "foundation")).toBe("No");
    expect(extraValue({ foundation: "No", rfmTotal: 4 }, "rfmTotal")).toBe(4);
  });
});

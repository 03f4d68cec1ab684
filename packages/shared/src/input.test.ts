import { describe, expect, it } from "vitest";
import {
  calendarDateSchema,
  hasForbiddenCharacters,
  isCalendarDate,
  isoDateTimeSchema,
  sanitizeText,
} from "./input.ts";
import { parseDonorFilters } from "./donors.ts";

describe("text the database can store", () => {
  it("finds NUL and unpaired surrogates, and accepts paired ones", () => {
    expect(hasForbiddenCharacters("a\u0000b")).toBe(true);
    expect(hasForbiddenCharacters("\ud800")).toBe(true);
    expect(hasForbiddenCharacters("x\udc00")).toBe(true);
    expect(hasForbiddenCharacters("\udc00\ud800")).toBe(true);
    expect(hasForbiddenCharacters("😀 café")).toBe(false);
  });
  it("sanitises for logs: NUL removed, unpaired surrogates replaced", () => {
    expect(sanitizeText("a\u0000b\ud800c😀")).toBe("ab\ufffdc😀");
  });
});

describe("calendar dates", () => {
  it("accepts only days that exist", () => {
    for (const ok of ["2024-02-29", "2026-12-31", "0001-01-01", "9999-12-31", "2000-02-29"])
      expect(isCalendarDate(ok), ok).toBe(true);
    for (const bad of [
      "2024-02-30",
      "2026-02-31",
      "2023-02-29",
      "1900-02-29",
      "2024-13-01",
      "2024-00-10",
      "0000-01-01",
      "2024-1-1",
      "10000-01-01",
      "",
    ])
      expect(isCalendarDate(bad), bad).toBe(false);
    expect(calendarDateSchema().safeParse("2026-02-31").success).toBe(false);
  });
  it("date-times need a real date and an offset", () => {
    expect(isoDateTimeSchema().safeParse("2025-01-05T00:00:00Z").success).toBe(true);
    expect(isoDateTimeSchema().safeParse("2024-02-30T00:00:00Z").success).toBe(false);
    expect(isoDateTimeSchema().safeParse("0000-01-01T00:00:00Z").success).toBe(false);
  });
});

describe("the server's donor filters", () => {
  const parse = (f: unknown) => parseDonorFilters(JSON.stringify(f));
  it("refuses what a column cannot compare, with a sentence naming the field", () => {
    expect(parse({ minAge: 1.5 })).toEqual({ ok: false, message: "Age must be a whole number." });
    expect(parse({ minAge: 2147483648 })).toEqual({ ok: false, message: "Age must be at most 120." });
    expect(parse({ maxNumberOfGifts: 1e308 })).toEqual({
      ok: false,
      message: "# Of Gifts must be at most 2,147,483,647.",
    });
    expect(parse({ minCapacity: 1e13 })).toEqual({
      ok: false,
      message: "Estimated Capacity must be at most 999,999,999,999.",
    });
    expect(parse({ minLastGiftDate: "2024-02-30" })).toEqual({
      ok: false,
      message: "Last Gift Date must be a real calendar date (YYYY-MM-DD).",
    });
    expect(parse({ searchTerm: "a\u0000b" })).toMatchObject({ ok: false });
    expect(parse({ minAge: "abc" })).toEqual({ ok: false, message: "Age must be a number." });
    // Text that is not a JSON object is ignored, as the page does (decodeDonorFilters).
    expect(parseDonorFilters("{not json")).toEqual({ ok: true, filters: {} });
    expect(parseDonorFilters("[1]")).toEqual({ ok: true, filters: {} });
  });
  it("accepts what the filter panel sends", () => {
    expect(parse({ minAge: "30", maxCapacity: 5000.5, minLastGiftDate: "2024-02-29", searchTerm: "Ann" })).toEqual({
      ok: true,
      filters: { minAge: 30, maxCapacity: 5000.5, minLastGiftDate: "2024-02-29", searchTerm: "Ann" },
    });
    expect(parseDonorFilters(undefined)).toEqual({ ok: true, filters: {} });
  });
});

import { describe, expect, it } from "vitest";
import { DONOR_FIELD_BY_KEY, DONOR_FIELDS } from "../donor-fields.ts";
import {
  areDonorFiltersEmpty,
  decodeDonorFilters,
  DONOR_DATE_FILTERS,
  DONOR_RANGE_FILTER_FIELDS,
  DONOR_RANGE_FILTERS,
  describeDonorFilters,
  donorFilterProblems,
  donorFilterSettingsSchema,
  donorRangeLimits,
  encodeDonorFilters,
  normalizeDonorFilters,
  parseDonorFilters,
  summarizeDonorFilters,
} from "./filters.ts";

describe("donor filters", () => {
  it("counts defaults and blanks as empty (Save Group stays disabled)", () => {
    expect(areDonorFiltersEmpty({})).toBe(true);
    expect(
      areDonorFiltersEmpty({
        searchTerm: " ",
        minCapacity: "",
        minQualityScore: 0,
        maxQualityScore: 10,
        minAge: 0,
        maxAge: 120,
        minLastGiftDate: "1900-01-01",
        selectedStageFilter: "all",
      }),
    ).toBe(true);
    expect(areDonorFiltersEmpty({ searchTerm: "smith" })).toBe(false);
    expect(areDonorFiltersEmpty({ maxCapacity: "50000" })).toBe(false);
  });

  it("coerces URL text to numbers and survives garbage", () => {
    expect(normalizeDonorFilters({ minCapacity: "1000", maxQualityScore: "7.5" })).toEqual({
      minCapacity: 1000,
      maxQualityScore: 7.5,
    });
    expect(decodeDonorFilters("{not json")).toEqual({});
    expect(decodeDonorFilters(JSON.stringify({ minAge: "abc" }))).toEqual({});
  });

  it("round-trips through the URL form", () => {
    const f = { searchTerm: "Ann", selectedDSRatingFilter: "DS1-1", minCapacity: 5000 };
    expect(decodeDonorFilters(encodeDonorFilters(f))).toEqual(f);
    expect(encodeDonorFilters({})).toBe("");
  });

  it("summarises at most three filters", () => {
    const s = summarizeDonorFilters({
      searchTerm: "a",
      selectedStageFilter: "Discovery",
      selectedDSRatingFilter: "DS1-1",
      minAge: 30,
    });
    expect(s).toEqual(['Search "a"', "Current Stage Discovery", "DS Rating DS1-1"]);
  });

  it("names every filter by its field's catalogue label, in the panel's order", () => {
    const all = summarizeDonorFilters(
      {
        minCapacity: 1,
        maxQualityScore: 5,
        minAge: 30,
        minLastGiftAmount: 1,
        minFirstGiftAmount: 1,
        minTotalGiftAmount: 1,
        minLargestGiftAmount: 1,
        minLargestGiftFound: 1,
        maxNumberOfGifts: 9,
        minLastGiftDate: "2020-01-01",
        maxLargestGiftDate: "2021-01-01",
        firstDateRange: "1995",
      },
      20,
    );
    expect(all).toEqual([
      "Estimated Capacity $1 – any",
      "Quality Score any – 5",
      "Age 30 – any",
      "Last Gift Amount $1 – any",
      "First Gift Amount $1 – any",
      "Total Gift Amount $1 – any",
      "Largest Gift Amount $1 – any",
      "Largest Gift Found $1 – any",
      "# Of Gifts any – 9",
      "Last Gift Date Jan 1, 2020 – any",
      "Largest Gift Date any – Jan 1, 2021",
      'First Date Range "1995"',
    ]);
  });

  it("refuses a value with a sentence naming the field by its catalogue label", () => {
    expect(parseDonorFilters(JSON.stringify({ minCapacity: 1e308 }))).toEqual({
      ok: false,
      message: "Estimated Capacity must be at most 999,999,999,999.",
    });
    expect(parseDonorFilters(JSON.stringify({ minAge: 1.5 }))).toEqual({
      ok: false,
      message: "Age must be a whole number.",
    });
  });
});

describe("the range rule (docs/RULES.md, Donor filters)", () => {
  it("writes values as every screen does: money with $ and separators, dates as Jan 5, 2025", () => {
    expect(summarizeDonorFilters({ minCapacity: 500000 })).toEqual(["Estimated Capacity $500,000 – any"]);
    expect(summarizeDonorFilters({ maxCapacity: 0, minNumberOfGifts: 1200 })).toEqual([
      "Estimated Capacity any – $0",
      "# Of Gifts 1,200 – any",
    ]);
    expect(describeDonorFilters({ minQualityScore: 7.5, maxLastGiftDate: "2026-11-23" })).toEqual([
      { keys: ["minQualityScore", "maxQualityScore"], label: "Quality Score", value: "7.5 – any" },
      { keys: ["minLastGiftDate", "maxLastGiftDate"], label: "Last Gift Date", value: "any – Nov 23, 2026" },
    ]);
  });

  it("refuses values outside the field's bounds, or the column's, at their key", () => {
    expect(donorFilterProblems({ maxQualityScore: 11 })).toEqual({
      maxQualityScore: "Quality Score must be at most 10.",
    });
    expect(donorFilterProblems({ maxAge: 150 })).toEqual({ maxAge: "Age must be at most 120." });
    expect(donorFilterProblems({ minCapacity: -1 })).toEqual({ minCapacity: "Estimated Capacity must be at least 0." });
    expect(donorFilterProblems({ minNumberOfGifts: 1.5 })).toEqual({
      minNumberOfGifts: "# Of Gifts must be a whole number.",
    });
    expect(donorFilterProblems({ minQualityScore: 0, maxQualityScore: 10, maxAge: 120, minCapacity: 5 })).toEqual({});
  });

  it("refuses a minimum above its maximum at the maximum, for numbers and dates", () => {
    expect(donorFilterProblems({ minCapacity: 500000, maxCapacity: 1000 })).toEqual({
      maxCapacity: "Estimated Capacity: the minimum must not be more than the maximum.",
    });
    expect(donorFilterProblems({ minLargestGiftDate: "2021-01-02", maxLargestGiftDate: "2021-01-01" })).toEqual({
      maxLargestGiftDate: "Largest Gift Date: the start date must not be after the end date.",
    });
    expect(donorFilterProblems({ minAge: 40, maxAge: 40 })).toEqual({});
  });

  it("derives every range's limits from the catalogue", () => {
    for (const { label, filter } of DONOR_RANGE_FILTER_FIELDS) {
      const limits = donorRangeLimits(filter);
      expect(limits.min, label).toBe(filter.bounds?.[0] ?? 0);
      expect(donorFilterProblems({ [filter.max]: limits.max }), label).toEqual({});
      expect(donorFilterProblems({ [filter.max]: limits.max + 1 })[filter.max as "maxAge"], label).toBe(
        `${label} must be at most ${limits.max.toLocaleString("en-US")}.`,
      );
    }
  });
});

describe("filters come from the field catalogue", () => {
  const filtered = DONOR_FIELDS.filter((f) => f.filter);

  it("every filter key but the search, the stage and the portfolio is a catalogue field's, and every catalogue filter is in the schema", () => {
    const fromCatalogue = filtered.flatMap((f) =>
      f.filter!.kind === "range" || f.filter!.kind === "dateRange" ? [f.filter!.min, f.filter!.max] : [f.filter!.key],
    );
    expect(new Set(fromCatalogue).size).toBe(fromCatalogue.length);
    expect(Object.keys(donorFilterSettingsSchema.shape).sort()).toEqual(
      ["searchTerm", "selectedStageFilter", "portfolio", ...fromCatalogue].sort(),
    );
  });

  it("the range tables are the catalogue's range and date fields, with their bounds as defaults", () => {
    for (const [minK, maxK, key, dMin, dMax] of DONOR_RANGE_FILTERS) {
      const f = DONOR_FIELD_BY_KEY.get(key)!.filter!;
      expect(f).toMatchObject({ kind: "range", min: minK, max: maxK });
      if (f.kind === "range") expect([dMin, dMax]).toEqual(f.bounds ? [...f.bounds] : [0, undefined]);
    }
    for (const [minK, maxK, key, dMin] of DONOR_DATE_FILTERS) {
      expect(DONOR_FIELD_BY_KEY.get(key)!.filter).toMatchObject({ kind: "dateRange", min: minK, max: maxK });
      expect((DONOR_FIELD_BY_KEY.get(key)!.filter as { defaultMin?: string }).defaultMin).toBe(dMin);
    }
    expect(DONOR_RANGE_FILTERS.length + DONOR_DATE_FILTERS.length).toBe(
      filtered.filter((f) => f.filter!.kind.endsWith("ange")).length,
    );
  });

  it("filters only typed columns (the database compares them)", () => {
    // Days Since Contact is compared as Last Contact (list-sql.ts turns its days into dates).
    for (const f of filtered) expect(f.column || f.derived).toBe(true);
  });
});

describe("the Portfolio filter (docs/RULES.md, Portfolios)", () => {
  it("keeps mine, unassigned and a user id; drops all and blanks; reads as a chip", () => {
    expect(normalizeDonorFilters({ portfolio: "mine" })).toEqual({ portfolio: "mine" });
    expect(normalizeDonorFilters({ portfolio: " all " })).toEqual({});
    expect(normalizeDonorFilters({ portfolio: "" })).toEqual({});
    expect(describeDonorFilters({ portfolio: "unassigned" })).toEqual([
      { keys: ["portfolio"], label: "Portfolio", value: "Unassigned" },
    ]);
    expect(describeDonorFilters({ portfolio: "u1" }, { u1: "Ada Lovelace" })[0]!.value).toBe("Ada Lovelace");
    expect(decodeDonorFilters(encodeDonorFilters({ portfolio: "mine" }))).toEqual({ portfolio: "mine" });
  });
});

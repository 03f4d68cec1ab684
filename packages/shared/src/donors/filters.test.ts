import { describe, expect, it } from "vitest";
import { DONOR_FIELD_BY_KEY, DONOR_FIELDS } from "../donor-fields.ts";
import {
  areDonorFiltersEmpty,
  decodeDonorFilters,
  DONOR_DATE_FILTERS,
  DONOR_RANGE_FILTERS,
  donorFilterSettingsSchema,
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
    expect(s).toEqual(['Search: "a"', "Stage: Discovery", "DS Rating: DS1-1"]);
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
      "Estimated Capacity: 1 – any",
      "Quality Score: any – 5",
      "Age: 30 – any",
      "Last Gift Amount: 1 – any",
      "First Gift Amount: 1 – any",
      "Total Gift Amount: 1 – any",
      "Largest Gift Amount: 1 – any",
      "Largest Gift Found: 1 – any",
      "# Of Gifts: any – 9",
      "Last Gift Date: 2020-01-01 – any",
      "Largest Gift Date: any – 2021-01-01",
      'First Date Range: "1995"',
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

describe("filters come from the field catalogue", () => {
  const filtered = DONOR_FIELDS.filter((f) => f.filter);

  it("every filter key but the search and the stage is a catalogue field's, and every catalogue filter is in the schema", () => {
    const fromCatalogue = filtered.flatMap((f) =>
      f.filter!.kind === "range" || f.filter!.kind === "dateRange" ? [f.filter!.min, f.filter!.max] : [f.filter!.key],
    );
    expect(new Set(fromCatalogue).size).toBe(fromCatalogue.length);
    expect(Object.keys(donorFilterSettingsSchema.shape).sort()).toEqual(
      ["searchTerm", "selectedStageFilter", ...fromCatalogue].sort(),
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
    for (const f of filtered) expect(f.column).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import {
  areDonorFiltersEmpty,
  csvCell,
  decodeDonorFilters,
  DONOR_EXPORT_HEADERS,
  donorExportFileName,
  encodeDonorFilters,
  neutralizeCsvCell,
  normalizeDonorFilters,
  summarizeDonorFilters,
} from "./donors.ts";
import { currentStage } from "./stages.ts";

describe("donor filters", () => {
  it("counts defaults and blanks as empty (Save Group stays disabled)", () => {
    expect(areDonorFiltersEmpty({})).toBe(true);
    expect(
      areDonorFiltersEmpty({ searchTerm: " ", minCapacity: "", minQualityScore: 0, maxQualityScore: 10, minAge: 0, maxAge: 120, minLastGiftDate: "1900-01-01", selectedStageFilter: "all" }),
    ).toBe(true);
    expect(areDonorFiltersEmpty({ searchTerm: "smith" })).toBe(false);
    expect(areDonorFiltersEmpty({ maxCapacity: "50000" })).toBe(false);
  });

  it("coerces URL text to numbers and survives garbage", () => {
    expect(normalizeDonorFilters({ minCapacity: "1000", maxQualityScore: "7.5" })).toEqual({ minCapacity: 1000, maxQualityScore: 7.5 });
    expect(decodeDonorFilters("{not json")).toEqual({});
    expect(decodeDonorFilters(JSON.stringify({ minAge: "abc" }))).toEqual({});
  });

  it("round-trips through the URL form", () => {
    const f = { searchTerm: "Ann", selectedDSRatingFilter: "DS1-1", minCapacity: 5000 };
    expect(decodeDonorFilters(encodeDonorFilters(f))).toEqual(f);
    expect(encodeDonorFilters({})).toBe("");
  });

  it("summarises at most three filters", () => {
    const s = summarizeDonorFilters({ searchTerm: "a", selectedStageFilter: "Discovery", selectedDSRatingFilter: "DS1-1", minAge: 30 });
    expect(s).toEqual(['Search: "a"', "Stage: Discovery", "DS Rating: DS1-1"]);
  });
});

describe("export", () => {
  it("has the 16 columns of part 1 §7 in order and a dated file name", () => {
    expect(DONOR_EXPORT_HEADERS).toEqual([
      "First Name", "Last Name", "Email", "Phone Number", "Address", "City", "State", "Largest Gift Found",
      "Estimated Capacity", "DS Rating", "Quality Score", "Total Gift Amount", "Number of Gifts", "Last Gift Date", "Age", "Organization",
    ]);
    expect(donorExportFileName(new Date("2026-03-04T12:00:00Z"))).toBe("donors_2026-03-04.csv");
  });

  it("neutralises cells that a spreadsheet would run as formulas", () => {
    for (const v of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(neutralizeCsvCell(v)).toBe(`'${v}`);
    expect(neutralizeCsvCell("Smith")).toBe("Smith");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell(null)).toBe("");
  });
});

describe("current stage", () => {
  it("is the first of the five stages without a record, or Complete", () => {
    expect(currentStage([])).toBe("Discovery");
    expect(currentStage(["Connection"])).toBe("Discovery");
    expect(currentStage(["Discovery", "Discovery"])).toBe("Connection");
    expect(currentStage(["Discovery", "Connection", "Deepening", "Solicitation", "Follow-Up"])).toBe("Complete");
  });
});

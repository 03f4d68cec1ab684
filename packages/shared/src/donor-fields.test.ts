import { describe, expect, it } from "vitest";
import {
  formatChangeValue,
  DONOR_FIELDS,
  DONOR_SECTIONS,
  fieldForHeader,
  fieldsOfSection,
  IMPORTED_DONOR_FIELDS,
  formatDonorValue,
  isEmptyCell,
  parseDate,
  parseDonorCell,
  parseFlag,
  parseInteger,
  parseMoney,
  parseNumber,
} from "./donor-fields.ts";

describe("donor field catalogue", () => {
  it("has the 125 columns of the research export, with unique labels and keys, each in one of the seven sections", () => {
    expect(IMPORTED_DONOR_FIELDS).toHaveLength(125);
    // Plus the two the server derives from contact reports (issue 15), which no import reads.
    expect(DONOR_FIELDS.filter((f) => f.derived).map((f) => f.label)).toEqual(["Last Contact", "Days Since Contact"]);
    expect(DONOR_FIELDS).toHaveLength(127);
    expect(new Set(DONOR_FIELDS.map((f) => f.label.toLowerCase())).size).toBe(127);
    expect(new Set(DONOR_FIELDS.map((f) => f.key)).size).toBe(127);
    for (const f of DONOR_FIELDS) {
      expect(DONOR_SECTIONS).toContain(f.section);
      expect(f.key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
  });

  it("matches headers ignoring case, surrounding spaces and a byte-order mark", () => {
    expect(fieldForHeader("DS RATING")?.key).toBe("dsRating");
    expect(fieldForHeader("  # of gifts ")?.key).toBe("numberOfGifts");
    expect(fieldForHeader("\uFEFFFirst Name")?.key).toBe("firstName");
    expect(fieldForHeader("Favourite Colour")).toBeUndefined();
  });

  it("never maps an import header to a derived field, and leaves them out of the record's sections", () => {
    expect(fieldForHeader("Last Contact")).toBeUndefined();
    expect(fieldForHeader("Days Since Contact")).toBeUndefined();
    expect(DONOR_SECTIONS.flatMap((s) => fieldsOfSection(s)).some((f) => f.derived)).toBe(false);
  });
});

describe("cell parsers", () => {
  it("treats blank, spaces and N/A as empty", () => {
    for (const v of ["", "   ", "N/A", "n/a", " N/A "]) expect(isEmptyCell(v)).toBe(true);
    expect(parseMoney("N/A")).toEqual({ ok: true, value: null });
    expect(parseDate("")).toEqual({ ok: true, value: null });
  });

  it("parses money with or without $ and thousands separators", () => {
    expect(parseMoney("$1,234")).toEqual({ ok: true, value: 1234 });
    expect(parseMoney("1234")).toEqual({ ok: true, value: 1234 });
    expect(parseMoney("  115000 ")).toEqual({ ok: true, value: 115000 });
    expect(parseMoney("$1,234.56")).toEqual({ ok: true, value: 1234.56 });
    expect(parseMoney("-$5")).toEqual({ ok: true, value: -5 });
    expect(parseMoney("($5.00)")).toEqual({ ok: true, value: -5 });
    expect(parseMoney("$0")).toEqual({ ok: true, value: 0 });
    expect(parseMoney("12 dollars").ok).toBe(false);
    expect(parseMoney("1,23").ok).toBe(false);
  });

  it("parses MM/DD/YYYY and ISO dates and rejects impossible ones", () => {
    expect(parseDate("03/05/2019")).toEqual({ ok: true, value: "2019-03-05" });
    expect(parseDate("3/5/2019")).toEqual({ ok: true, value: "2019-03-05" });
    expect(parseDate("1991-06-15")).toEqual({ ok: true, value: "1991-06-15" });
    expect(parseDate("2024-01-02T10:00:00Z")).toEqual({ ok: true, value: "2024-01-02" });
    expect(parseDate("02/30/2020").ok).toBe(false);
    expect(parseDate("13/01/2020").ok).toBe(false);
    expect(parseDate("yesterday").ok).toBe(false);
  });

  it("parses Yes/No/Maybe flags in any case", () => {
    expect(parseFlag("Yes")).toEqual({ ok: true, value: "Yes" });
    expect(parseFlag("  No ")).toEqual({ ok: true, value: "No" });
    expect(parseFlag("MAYBE")).toEqual({ ok: true, value: "Maybe" });
    expect(parseFlag("perhaps").ok).toBe(false);
  });

  it("parses numbers and whole numbers", () => {
    expect(parseNumber("4.5")).toEqual({ ok: true, value: 4.5 });
    expect(parseNumber("  69 ")).toEqual({ ok: true, value: 69 });
    expect(parseNumber("four").ok).toBe(false);
    expect(parseInteger("1,200")).toEqual({ ok: true, value: 1200 });
    expect(parseInteger("4.5").ok).toBe(false);
  });

  it("enforces the Quality Score 0–10 and Age 0–120 ranges", () => {
    const qs = DONOR_FIELDS.find((f) => f.key === "qualityScore")!;
    const age = DONOR_FIELDS.find((f) => f.key === "age")!;
    expect(parseDonorCell(qs, "10.0")).toEqual({ ok: true, value: 10 });
    expect(parseDonorCell(qs, "10.1")).toEqual({ ok: false, problem: "Quality Score must be between 0 and 10" });
    expect(parseDonorCell(age, "121")).toEqual({ ok: false, problem: "Age must be between 0 and 120" });
    const rating = DONOR_FIELDS.find((f) => f.key === "dsRating")!;
    expect(parseDonorCell(rating, " ds1-2 ")).toEqual({ ok: true, value: "DS1-2" });
  });

  it("shows N/A for empty values, money as $ with separators, dates as MM/DD/YYYY", () => {
    const money = DONOR_FIELDS.find((f) => f.key === "estimatedCapacity")!;
    const date = DONOR_FIELDS.find((f) => f.key === "lastGiftDate")!;
    expect(formatDonorValue(money, 1234567)).toBe("$1,234,567");
    expect(formatDonorValue(money, 0)).toBe("N/A");
    expect(formatDonorValue(date, "2019-03-05")).toBe("Mar 5, 2019");
    expect(formatDonorValue(date, null)).toBe("N/A");
  });
});

describe("a change history's values", () => {
  it("shows a catalogue field as the record does and anything else as stored", () => {
    expect(formatChangeValue("estimatedCapacity", 387500)).toBe("$387,500");
    expect(formatChangeValue("estimatedCapacity", null)).toBe("N/A");
    expect(formatChangeValue("lastGiftDate", "2019-03-05")).toBe("Mar 5, 2019");
    expect(formatChangeValue("foundation", "Yes")).toBe("Yes");
    expect(formatChangeValue("unknown:Favourite Colour", "teal")).toBe("teal");
    expect(formatChangeValue("notes", "")).toBe("N/A");
    expect(formatChangeValue("relationshipManagerId", { id: "u1" })).toBe('{"id":"u1"}');
    expect(formatChangeValue("lastName", "x".repeat(130))).toBe(`${"x".repeat(120)}…`);
  });
});

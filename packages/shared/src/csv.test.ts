import { describe, expect, it } from "vitest";
import { csvCell, csvLine, neutralizeCsvCell } from "./csv.ts";

describe("csv cells", () => {
  it("neutralises cells that a spreadsheet would run as formulas", () => {
    for (const v of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(neutralizeCsvCell(v)).toBe(`'${v}`);
    expect(neutralizeCsvCell("Smith")).toBe("Smith");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell(null)).toBe("");
  });

  it("writes any value (numbers, booleans) and ends a line with CRLF", () => {
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(-5)).toBe("'-5");
    expect(csvCell(false)).toBe("false");
    expect(csvLine(["a", 1, null, 'say "hi"'])).toBe('a,1,,"say ""hi"""\r\n');
  });
});

import { describe, expect, it } from "vitest";
import { cleanCell, parseRow, planHeaders } from "./rows.ts";

describe("cells the database cannot store", () => {
  it("removes NUL characters and replaces lone surrogates, saying so", () => {
    expect(cleanCell("a\u0000b\u0000")).toEqual({
      text: "ab",
      problem: "The cell contained NUL characters; they were removed.",
    });
    expect(cleanCell("x\ud800y")).toEqual({
      text: "x\ufffdy",
      problem: "The cell contained invalid characters; they were replaced with \ufffd.",
    });
    expect(cleanCell("fine 😀")).toEqual({ text: "fine 😀", problem: null });
  });

  it("leaves out a row with a cell over its column's limit, and bounds every problem text", () => {
    const plan = planHeaders(["First Name", "Last Name", "Age", `Long ${"h".repeat(500)}`]);
    const r = parseRow(plan, ["A".repeat(201), "B", "7", "x"], 1);
    expect(r.skip).toBe(true);
    expect(r.values).toEqual({});
    expect(r.problems).toEqual([
      { row: 1, column: "First Name", problem: "First Name is longer than 200 characters; the row was not imported." },
    ]);
    const ok = parseRow(plan, ["A".repeat(200), "B", "9".repeat(100), "x"], 2);
    expect(ok.skip).toBe(false);
    expect(ok.values.firstName).toHaveLength(200);
    expect(ok.problems[0]!.problem.length).toBeLessThanOrEqual(300);
    const tooLong = parseRow(plan, ["A", "B", "1".repeat(101), "x"], 3);
    expect(tooLong.problems[0]).toEqual({
      row: 3,
      column: "Age",
      problem: "Age is longer than 100 characters; the row was not imported.",
    });
    const header = parseRow(plan, ["A", "B", "1", "y".repeat(10_001)], 4).problems[0]!;
    expect(header.column.length).toBeLessThanOrEqual(100);
    expect(header.problem.length).toBeLessThanOrEqual(300);
  });

  it("leaves a number too large for its numeric column empty (limits read from the schema)", () => {
    const plan = planHeaders(["First Name", "Classic Quality Score", "Estimated Capacity"]);
    const r = parseRow(plan, ["A", "999999.99", "999999999999.99"], 1);
    expect(r.values).toMatchObject({ classicQualityScore: 999999.99, estimatedCapacity: 999999999999.99 });
    expect(r.problems).toEqual([]);
    const big = parseRow(plan, ["A", "999999.991", "999999999999.999"], 2);
    expect(big.values.classicQualityScore).toBeUndefined();
    expect(big.values.estimatedCapacity).toBeUndefined();
    expect(big.problems.map((p) => p.problem)).toEqual([
      '"999999.991" is too large for Classic Quality Score; the field was left empty.',
      '"999999999999.999" is too large for Estimated Capacity; the field was left empty.',
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { CsvFormatError, CsvParser } from "./csv.ts";

const parseAll = (text: string, size: number) => {
  const p = new CsvParser();
  const rows: string[][] = [];
  for (let i = 0; i < text.length; i += size) rows.push(...p.push(text.slice(i, i + size)));
  rows.push(...p.end());
  return rows;
};

describe("streaming CSV parser", () => {
  const text = 'a,b,c\r\n1,"x, ""y""\nz",3\r\n\r\n4,5,6\n7,,\n8,9,10';
  const expected = [["a", "b", "c"], ["1", 'x, "y"\nz', "3"], ["4", "5", "6"], ["7", "", ""], ["8", "9", "10"]];

  it.each([1, 2, 3, 7, 1000])("gives the same records whatever the chunk size (%i)", (size) => {
    expect(parseAll(text, size)).toEqual(expected);
  });

  it("skips blank lines and handles CR-only line ends", () => {
    expect(parseAll("a,b\r\r\n\n1,2\r3,4\r", 4)).toEqual([["a", "b"], ["1", "2"], ["3", "4"]]);
  });

  it("reports a quote that is never closed", () => {
    const p = new CsvParser();
    p.push('a\n"open');
    expect(() => p.end()).toThrow(CsvFormatError);
  });
});

import { describe, expect, it } from "vitest";
import { CsvFormatError, CsvParser } from "./csv.ts";

/** Parses the first `head` characters, then counts the rest with the parser's counter. */
const countAll = (text: string, size: number, head: number) => {
  const p = new CsvParser();
  const n = p.push(text.slice(0, head)).length;
  const counter = p.toCounter();
  for (let i = head; i < text.length; i += size) counter.push(text.slice(i, i + size));
  counter.end();
  return n + counter.records;
};

const parseAll = (text: string, size: number) => {
  const p = new CsvParser();
  const rows: string[][] = [];
  for (let i = 0; i < text.length; i += size) rows.push(...p.push(text.slice(i, i + size)));
  rows.push(...p.end());
  return rows;
};

describe("streaming CSV parser", () => {
  const text = 'a,b,c\r\n1,"x, ""y""\nz",3\r\n\r\n4,5,6\n7,,\n8,9,10';
  const expected = [
    ["a", "b", "c"],
    ["1", 'x, "y"\nz', "3"],
    ["4", "5", "6"],
    ["7", "", ""],
    ["8", "9", "10"],
  ];

  it.each([1, 2, 3, 7, 1000])("gives the same records whatever the chunk size (%i)", (size) => {
    expect(parseAll(text, size)).toEqual(expected);
  });

  it("skips blank lines and handles CR-only line ends", () => {
    expect(parseAll("a,b\r\r\n\n1,2\r3,4\r", 4)).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("reports a quote that is never closed", () => {
    const p = new CsvParser();
    p.push('a\n"open');
    expect(() => p.end()).toThrow(CsvFormatError);
  });

  it("counts records exactly as it parses them, from any point and in any chunk size", () => {
    const samples = [
      'a,b,c\r\n1,"x, ""y""\nz",3\r\n\r\n4,5,6\n7,,\n8,9,10',
      "a,b\r\r\n\n1,2\r3,4\r",
      'h\n  \n\t\n""\n" "\n,\n x\nab"c\n"q"tail\n""x\n"""\n"a""b"\n\u00a0\n',
      "h\nlast-without-newline",
      'h\n"",""\n\n\n"multi\r\nline"\r\n',
    ];
    for (const text of samples) {
      const expected = parseAll(text, 1000).length;
      for (const size of [1, 2, 3, 5, 1000])
        for (let head = 0; head <= text.length; head++) expect(countAll(text, size, head)).toBe(expected);
    }
  });

  it("the counter reports a quote that is never closed", () => {
    const p = new CsvParser();
    p.push("a\n");
    const c = p.toCounter();
    c.push('"open');
    expect(() => c.end()).toThrow(CsvFormatError);
  });
});

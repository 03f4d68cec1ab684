import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CsvRecordTexts } from "./csv-fast.ts";
import { isBlankText, spooledRecord, spoolLine } from "./import/spool-lines.ts";
import { CsvError, csvRecordParser, isBlankRecord } from "./csv-records.ts";

const chunksOf = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
};

/** Feeds `text` to csv-parse in chunks of `size` bytes and collects the records that are not blank. */
async function parseWithCsvParse(text: string, size: number) {
  const rows: string[][] = [];
  for await (const rec of Readable.from(chunksOf(text, size)).pipe(csvRecordParser()))
    if (!isBlankRecord(rec as string[])) rows.push(rec as string[]);
  return rows;
}

/** The same as the import reads them: cut into records (csv-fast.ts), spooled and read back (spool-lines.ts). */
async function parseWithReader(text: string, size: number) {
  const reader = new CsvRecordTexts();
  const texts = chunksOf(text, size).flatMap((c) => reader.push(c));
  texts.push(...reader.end());
  return texts.filter((t) => !isBlankText(t)).map((t) => spooledRecord(spoolLine(t)));
}

describe.each([
  ["csv-parse", parseWithCsvParse],
  ["CsvRecordTexts", parseWithReader],
])("streaming CSV records (%s)", (_name, parseAll) => {
  const text = 'a,b,c\r\n1,"x, ""y""\nz",3\r\n\r\n4,5,6\n7,,\n8,9,10';
  const expected = [
    ["a", "b", "c"],
    ["1", 'x, "y"\nz', "3"],
    ["4", "5", "6"],
    ["7", "", ""],
    ["8", "9", "10"],
  ];

  it.each([1, 2, 3, 7, 1000])("gives the same records whatever the chunk size (%i)", async (size) => {
    expect(await parseAll(text, size)).toEqual(expected);
  });

  it("skips blank lines and handles CR-only and mixed line ends", async () => {
    expect(await parseAll("a,b\r\r\n\n1,2\r3,4\r", 4)).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
    expect(await parseAll("h\n  \n\t\nx\n", 1)).toEqual([["h"], ["x"]]);
  });

  it("drops a byte-order mark, keeps multi-byte characters split across chunks, and rows of any width", async () => {
    for (const size of [1, 2, 5, 1000])
      expect(await parseAll("\uFEFFName,City\nZoë,Kraków\n1,2,3\n4\n", size)).toEqual([
        ["Name", "City"],
        ["Zoë", "Kraków"],
        ["1", "2", "3"],
        ["4"],
      ]);
  });

  it("keeps a stray quote inside an unquoted cell as text", async () => {
    expect(await parseAll('h\nab"c\n', 3)).toEqual([["h"], ['ab"c']]);
  });

  it("reports a quote that is never closed", async () => {
    await expect(parseAll('a\n"open', 3)).rejects.toBeInstanceOf(CsvError);
  });
});

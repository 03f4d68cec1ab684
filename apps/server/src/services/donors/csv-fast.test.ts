import { describe, expect, it } from "vitest";
import { csvRecordParser, isBlankRecord } from "./csv-records.ts";
import { CsvRecordTexts, readCsvLine } from "./csv-fast.ts";
import { isBlankText, spooledRecord, spoolLine } from "./import/spool-lines.ts";

/** csv-parse's records (as the import configures it), or its error code. */
async function reference(bytes: Buffer): Promise<string[][] | string> {
  const parser = csvRecordParser();
  const out: string[][] = [];
  try {
    parser.end(bytes);
    for await (const r of parser) out.push(r as string[]);
    return out;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
}

/**
 * The fast reader's records (CsvRecordTexts, then readCsvLine), the bytes given in pieces cut at `cuts`,
 * or its error code. Each record also goes through its spool line (spool-lines.ts), which must give it
 * back, and isBlankText must say what isBlankRecord says of it.
 */
function fast(bytes: Buffer, cuts: number[]): string[][] | string {
  const reader = new CsvRecordTexts();
  const out: string[][] = [];
  const take = (texts: string[]) => {
    for (const t of texts) {
      const r = readCsvLine(t);
      const line = spoolLine(t);
      expect(line).not.toMatch(/[\r\n]/);
      expect(spooledRecord(line)).toEqual(r);
      expect(isBlankText(t)).toBe(isBlankRecord(r));
      out.push(r);
    }
  };
  try {
    let at = 0;
    for (const c of [...cuts, bytes.length]) {
      take(reader.push(bytes.subarray(at, c)));
      at = c;
    }
    take(reader.end());
    return out;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
}

/** A deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ["a", "b", ",", '"', '""', "\r", "\n", "\r\n", " ", "é", "😀", "\u0000", "x,y", '"q"'];

describe("the fast CSV reader, and the spool lines of its records", () => {
  it("gives csv-parse's records on every case the import pins", async () => {
    const cases = [
      "",
      "\n\n",
      "a,b\r\r\n\n1,2\r3,4\r",
      "\uFEFFFirst Name,Last Name\r\nA,B\r\n",
      'a,"b\r\nc",d\n',
      '"a""b","c",""\r\n"d"\n',
      'a,b"c,d\n',
      '"a"b,c\n',
      '"a""b",c',
      'a,"b',
      "a,\n,\n",
      "  \n",
      '"",""\n',
      '"""",x\n',
      "a,b,c\n1\n1,2,3,4\n",
    ];
    for (const text of cases) {
      const bytes = Buffer.from(text);
      const expected = await reference(bytes);
      for (let cut = 0; cut <= bytes.length; cut++) expect(fast(bytes, [cut]), JSON.stringify(text)).toEqual(expected);
    }
  });

  it(
    "gives csv-parse's records or error on 2,000 generated inputs cut at random bytes",
    { timeout: 60_000 },
    async () => {
      const next = random(42);
      for (let n = 0; n < 2000; n++) {
        let text = "";
        const len = Math.floor(next() * 30);
        for (let k = 0; k < len; k++) text += PIECES[Math.floor(next() * PIECES.length)];
        let bytes = Buffer.from(text);
        const mark = next();
        if (mark < 0.05) bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
        else if (mark < 0.07)
          bytes = Buffer.concat([bytes, Buffer.from([0xc3])]); // invalid UTF-8 at the end
        else if (mark < 0.09) bytes = Buffer.concat([Buffer.from([0xe2, 0x82]), bytes]); // and at the start
        const cuts = [
          ...new Set(Array.from({ length: Math.floor(next() * 4) }, () => Math.floor(next() * (bytes.length + 1)))),
        ].sort((a, b) => a - b);
        expect(fast(bytes, cuts), JSON.stringify(bytes.toString("latin1"))).toEqual(await reference(bytes));
      }
    },
  );

  it("cuts records at their line ends, so most records spool as their own CSV", () => {
    const reader = new CsvRecordTexts();
    const texts = reader.push(Buffer.from('\uFEFFa,b\r\n\n"1,2",3\r"x\ny",z\n  \n'));
    expect(texts).toEqual(["a,b", '"1,2",3', '"x\ny",z', "  "]);
    expect(texts.map(spoolLine)).toEqual(["ca,b", 'c"1,2",3', '["x\\ny","z"]', "c  "]);
    expect(texts.map(isBlankText)).toEqual([false, false, false, true]);
    expect(reader.end()).toEqual([]);
  });

  it("spools a record with an unpaired surrogate (a broken UTF-16 file) as JSON, which keeps it", () => {
    const reader = new CsvRecordTexts();
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("a,b\nx\ud800y,z\n", "utf16le")]);
    const texts = [...reader.push(bytes), ...reader.end()];
    expect(texts.map(spoolLine)).toEqual(["ca,b", '["x\\ud800y","z"]']);
    expect(spooledRecord(spoolLine(texts[1]!))).toEqual(["x\ud800y", "z"]);
  });

  it("reads UTF-16LE after its byte-order mark, as csv-parse does", async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('First Name,Zip\r\nÅsa,"1,2"\r\n', "utf16le")]);
    expect(fast(bytes, [3, 7])).toEqual(await reference(bytes));
    expect(fast(bytes, [])).toEqual([
      ["First Name", "Zip"],
      ["Åsa", "1,2"],
    ]);
  });
});

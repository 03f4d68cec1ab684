import { describe, expect, it } from "vitest";
import { parseDate, parseInteger, parseMoney, type ParseResult } from "./donor-fields.ts";

// The parsers read money, whole numbers and dates with character scans (an import parses millions of
// cells). These are the definitions they replaced, written with regular expressions: every input
// below must give exactly the same result, float for float.
const NA_RE = /^n\/a$/i;
const empty = (t: string) => t === "" || NA_RE.test(t);
const OK_EMPTY = { ok: true, value: null };

function moneyByRegex(raw: string): ParseResult {
  const trimmed = raw.trim();
  if (empty(trimmed)) return OK_EMPTY as ParseResult;
  let t = trimmed;
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  if (t.startsWith("-")) {
    negative = !negative;
    t = t.slice(1).trim();
  }
  if (t.startsWith("$")) t = t.slice(1).trim();
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/.test(t))
    return { ok: false, problem: `"${trimmed}" is not an amount of money` };
  const n = Number(t.replace(/,/g, ""));
  if (!Number.isFinite(n) || n >= 1e12) return { ok: false, problem: `"${trimmed}" is not an amount of money` };
  return { ok: true, value: Math.round((negative ? -n : n) * 100) / 100 };
}

function integerByRegex(raw: string): ParseResult {
  const trimmed = raw.trim();
  if (empty(trimmed)) return OK_EMPTY as ParseResult;
  const t = trimmed.replace(/,/g, "");
  if (!/^-?\d+$/.test(t) || Math.abs(Number(t)) > 2_147_483_647)
    return { ok: false, problem: `"${trimmed}" is not a whole number` };
  return { ok: true, value: Number(t) };
}

const realDate = (y: number, m: number, d: number) =>
  y >= 1000 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
const pad2 = (n: number) => String(n).padStart(2, "0");
function dateByRegex(raw: string): ParseResult {
  const t = raw.trim();
  if (empty(t)) return OK_EMPTY as ParseResult;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t) ?? /^(\d{4})-(\d{2})-(\d{2})([T ][\d:.]+Z?)?$/.exec(t);
  if (!m) return { ok: false, problem: `"${t}" is not a date (use MM/DD/YYYY or YYYY-MM-DD)` };
  const [y, mo, d] = t.includes("/") ? [+m[3]!, +m[1]!, +m[2]!] : [+m[1]!, +m[2]!, +m[3]!];
  return realDate(y, mo, d)
    ? { ok: true, value: `${y}-${pad2(mo)}-${pad2(d)}` }
    : { ok: false, problem: `"${t}" is not a valid date` };
}

/** A seeded generator (mulberry32), so a failure names an input that reproduces. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Strings near the grammar: digits and the characters the forms use, with some others. */
function inputs(alphabet: string[], count: number, seed: number, maxLength = 22): string[] {
  const r = random(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = "";
    const n = Math.floor(r() * maxLength);
    for (let k = 0; k < n; k++) s += alphabet[Math.floor(r() * alphabet.length)];
    out.push(s);
  }
  return out;
}
const DIGITS = "0123456789".split("");
const OTHERS = [" ", "\u00a0", "\t", "\n", "\u2028", "x", "١", "e", "N/A", "n/a"];

const same = (name: string, fast: (s: string) => ParseResult, reference: (s: string) => ParseResult, xs: string[]) => {
  const differ = xs.filter((x) => JSON.stringify(fast(x)) !== JSON.stringify(reference(x)));
  expect(differ.slice(0, 5).map((x) => ({ input: x, [name]: fast(x), reference: reference(x) }))).toEqual([]);
};

describe("the cell parsers against their regular-expression definitions", () => {
  it("money", () => {
    const alphabet = [...DIGITS, ...DIGITS, ...DIGITS, ",", ",", ".", "$", "(", ")", "-", ...OTHERS];
    const grouped = inputs([...DIGITS, ","], 20_000, 7, 24).map((s) => `$${s}`);
    const decimals = inputs([...DIGITS, "."], 20_000, 8, 20);
    const made = [
      "$1,234",
      "1,234.50",
      "($5.00)",
      "(-$5)",
      "-($5)",
      "$-5",
      "$ 5",
      "- $ 5",
      "$.5",
      "-.5",
      ".5",
      "5.",
      "1,2345",
      ",123",
      "1,23",
      "1,000,",
      "1,,000",
      "1234,567",
      "12,345,678.9",
      "999999999999.99",
      "999999999999.995",
      "1000000000000",
      "0.1",
      "0.3",
      "123.456",
      "0.125",
      "1.005",
      "2.675",
      "1234567890123456789",
      "0000000000000001.5",
      "123456789012345",
      "1234567890123456",
      "12345678901234.56",
      "9007199254740993",
      "1e5",
      "0x10",
      "Infinity",
      "$",
      "()",
      "(5",
      "5)",
      "((5))",
      "( $1,000.25 )",
      "$\u00a05",
    ];
    same("parseMoney", parseMoney, moneyByRegex, [...inputs(alphabet, 60_000, 1), ...grouped, ...decimals, ...made]);
  });

  it("whole numbers", () => {
    const alphabet = [...DIGITS, ...DIGITS, ",", "-", ".", ...OTHERS];
    const made = [
      "0",
      "-0",
      "007",
      "999999999",
      "1000000000",
      "2147483647",
      "2147483648",
      "-2147483648",
      "1,200",
      "-,5",
      ",",
    ];
    same("parseInteger", parseInteger, integerByRegex, [...inputs(alphabet, 60_000, 2, 14), ...made]);
  });

  it("dates", () => {
    const alphabet = [...DIGITS, ...DIGITS, "/", "/", "-", "-", "T", ":", ".", "Z", ...OTHERS];
    const r = random(3);
    const shaped: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const n = (k: number) => String(Math.floor(r() * 10 ** k)).padStart(r() < 0.7 ? k : 1, "0");
      shaped.push(r() < 0.5 ? `${n(2)}/${n(2)}/${n(4)}` : `${n(4)}-${n(2)}-${n(2)}${r() < 0.2 ? "T10:00:00Z" : ""}`);
    }
    const made = [
      "02/29/2024",
      "02/29/2023",
      "02/29/1900",
      "02/29/2000",
      "00/10/2020",
      "12/31/0999",
      "1/2/2020",
      "2020-1-02",
    ];
    same("parseDate", parseDate, dateByRegex, [...inputs(alphabet, 60_000, 4, 14), ...shaped, ...made]);
  });
});

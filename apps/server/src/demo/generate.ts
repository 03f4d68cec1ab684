import { IMPORTED_DONOR_FIELDS as DONOR_FIELDS, csvCell } from "@cultivate/shared";

/**
 * The demo's donor generator: a deterministic research export in the catalogue's 125-column
 * layout (money as "$1,234", Yes/No/Maybe flags, MM/DD/YYYY dates), written by this project so
 * a fresh clone needs nothing else.
 */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Alice",
  "Ben",
  "Carmen",
  "Dmitri",
  "Elena",
  "Farid",
  "Grace",
  "Hugo",
  "Ines",
  "Jamal",
  "Keiko",
  "Luis",
  "Maya",
  "Noah",
  "Olu",
  "Priya",
  "Quinn",
  "Rosa",
  "Sven",
  "Tara",
  "Umar",
  "Vera",
  "Wen",
  "Yusuf",
  "Zoë",
];
const LAST = [
  "Abbott",
  "Baker",
  "Chen",
  "Diaz",
  "Evans",
  "Fischer",
  "Garcia",
  "Hughes",
  "Ito",
  "Jensen",
  "Khan",
  "Lopez",
  "Moreau",
  "Nakamura",
  "O'Neil",
  "Patel",
  "Quist",
  "Rossi",
  "Singh",
  "Turner",
  "Underwood",
  "Varga",
  "Walsh",
  "Young",
  "Zimmer",
];
const CITIES: [string, string][] = [
  ["Springfield", "IL"],
  ["Portland", "OR"],
  ["Austin", "TX"],
  ["Denver", "CO"],
  ["Boston", "MA"],
  ["Madison", "WI"],
];
const STREETS = ["Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Park Blvd", "Lake Rd"];
const RATINGS = ["DS1-1", "DS1-2", "DS1-3", "DS2-1", "DS2-2", "DS3-1", "DS4-1", "DS5-1"];

export function* generateDonorCsv(rows: number, seed = 1): Generator<string> {
  const r = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const money = (n: number) => `$${n.toLocaleString("en-US")}`;
  const date = (y0: number, y1: number) =>
    `${String(int(1, 12)).padStart(2, "0")}/${String(int(1, 28)).padStart(2, "0")}/${int(y0, y1)}`;
  yield DONOR_FIELDS.map((f) => csvCell(f.label)).join(",") + "\n";
  for (let i = 0; i < rows; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const [city, state] = pick(CITIES);
    const gifts = int(0, 40);
    const total = gifts ? int(gifts * 25, gifts * 4000) : 0;
    const age = int(24, 95);
    const v: Record<string, string> = {
      firstName: first,
      lastName: last,
      middleName: r() < 0.3 ? pick(["A", "B", "J", "M", "R"]) : "",
      prefix: pick(["", "Mr.", "Ms.", "Dr."]),
      dsRating: pick(RATINGS),
      qualityScore: (int(0, 100) / 10).toFixed(1),
      classicQualityScore: (int(0, 300) / 10).toFixed(1),
      estimatedCapacity: money(int(1, 400) * 2500),
      age: String(age),
      dateOfBirth: date(2026 - age, 2026 - age),
      email:
        r() < 0.9
          ? `${first}.${last}${i}`
              .toLowerCase()
              .normalize("NFKD")
              .replace(/[^a-z0-9.]/g, "") + "@example.org"
          : "",
      phoneNumber: `(${int(200, 989)}) ${int(200, 999)}-${String(int(0, 9999)).padStart(4, "0")}`,
      address: `${int(1, 9999)} ${pick(STREETS)}`,
      city,
      state,
      zip: String(int(1000, 99950)).padStart(5, "0"),
      clientId: `D${100000 + i}`,
      totalGiftAmount: money(total),
      numberOfGifts: String(gifts),
      lastGiftDate: gifts ? date(2016, 2026) : "",
      lastGiftAmount: money(gifts ? int(10, Math.max(10, Math.floor(total / gifts))) : 0),
      largestGiftAmount: money(gifts ? int(Math.ceil(total / gifts), total) : 0),
      largestGiftDate: gifts ? date(2006, 2026) : "",
      largestGiftFound: money(int(0, 100) * 1000),
      firstGiftAmount: money(gifts ? int(10, 1000) : 0),
      firstDateRange: gifts ? `${int(1990, 2010)}-${int(2011, 2026)}` : "",
      notes: r() < 0.1 ? "Met at the spring gala" : "",
      profile: r() < 0.2 ? "Major Gift Prospect" : "",
    };
    const cells = DONOR_FIELDS.map((f) => {
      if (f.key in v) return v[f.key]!;
      switch (f.type) {
        case "money":
          return money(int(0, 200) * 500);
        case "integer":
          return String(int(0, 12));
        case "number":
          return (int(0, 100) / 10).toFixed(1);
        case "flag":
          return pick(["No", "No", "No", "Yes", "Maybe"]);
        case "date":
          return date(2023, 2026);
        default:
          return f.key.startsWith("user") && r() < 0.1 ? `custom-${int(1, 99)}` : "";
      }
    });
    yield cells.map(csvCell).join(",") + "\n";
  }
}

import type { DonorFieldValue } from "@cultivate/shared";
import type { DonorExtra } from "../../db/schema.ts";
import { EXTRA_FIELDS } from "./rows.ts";

/**
 * How `donors.extra.fields` names the catalogue fields that are not typed columns (ADR 060). Each is
 * stored under a short code instead of its key: the keys were 1.2 KB of a 1.9 KB row, and a million
 * donors' keys cost an import about a gigabyte of table and WAL.
 *
 * A code is the field's name on disk: never change or reuse one. A new field gets a new code (a test
 * checks that every field has one, and that no two share one). Codes are letters, never all digits:
 * JavaScript orders integer-like keys first, and the import writes `fields` in the file's column order.
 *
 * Donors written before ADR 060 keep their fields under the keys; `extraValue` reads either.
 */
export const EXTRA_CODES: Readonly<Record<string, string>> = {
  annualFundLikelihood: "a",
  majorGiftLikelihood: "b",
  wealthBasedCapacity: "c",
  largestGiftFoundLowerRange: "d",
  rfmTotal: "e",
  rfmRecentGift: "f",
  rfmFreq: "g",
  rfmMoney: "h",
  totalOfLikelyMatches: "i",
  numberOfGiftMatches: "j",
  realEstateEst: "k",
  numberOfProperties: "l",
  realEstateTrust: "m",
  statesWithProperty: "n",
  zestimateTotal: "o",
  zestimateCount: "p",
  lnTotal: "q",
  lnCount: "r",
  secStockValue: "s",
  secStockOrInsider: "t",
  marketGuide: "u",
  marketGuideComp: "v",
  marketGuideOptions: "w",
  businessRevenue: "x",
  businessAffiliation: "y",
  pensionAdmin: "z",
  pensionAssets: "A",
  averageHomeValue: "B",
  medianHouseholdIncome: "C",
  shaleWealth: "D",
  mbtNetWorth: "E",
  mbtIncomeEstimate: "F",
  mbtHighestAsset: "G",
  politicalLikelyCount: "H",
  politicalLikelyTotal: "I",
  politicalMaybeTotal: "J",
  republicanGiftCount: "K",
  republicanGiftTotal: "L",
  democraticGiftCount: "M",
  democraticGiftAmount: "N",
  otherPoliticalCount: "O",
  otherPoliticalTotal: "P",
  profile: "Q",
  spouseFirstName: "R",
  spouseMiddleName: "S",
  spouseLastName: "T",
  dateSearched: "U",
  assessed: "V",
  assessmentQuestions: "W",
  foundation: "X",
  foundationAssets: "Y",
  nonProfit: "Z",
  irs990pf: "aa",
  irsPub78: "ab",
  pgid: "ac",
  vipMatch: "ad",
  innerCircle: "ae",
  corpTech: "af",
  faaPilots: "ag",
  airplaneOwner: "ah",
  boatOwner: "ai",
  whosWho: "aj",
  higherEducationCount: "ak",
  higherEducationTotal: "al",
  educationGiftCount: "am",
  educationGiftAmount: "an",
  philanthropyCount: "ao",
  philanthropyTotal: "ap",
  healthcareCount: "aq",
  healthcareTotal: "ar",
  artsGiftCount: "as",
  artsGiftAmount: "at",
  religionCount: "au",
  religionTotal: "av",
  societyBenefitCount: "aw",
  societyBenefitTotal: "ax",
  user1: "ay",
  user2: "az",
  user3: "aA",
  user4: "aB",
  user5: "aC",
  user6: "aD",
  user7: "aE",
  user8: "aF",
  user9: "aG",
  user10: "aH",
  user11: "aI",
  user12: "aJ",
  user13: "aK",
  user14: "aL",
  user15: "aM",
  user16: "aN",
  user17: "aO",
  user18: "aP",
  user19: "aQ",
  user20: "aR",
};

// A field without a code (a test fails for it) is still kept, under its key, rather than dropped.
const CODE_OF = new Map(EXTRA_FIELDS.map((f) => [f.key, EXTRA_CODES[f.key] ?? f.key]));

/** The name `extra.fields` stores a catalogue field under; undefined for a key that is not kept there. */
export const extraCodeOf = (key: string): string | undefined => CODE_OF.get(key);

/** A catalogue field's value in a donor's stored `extra.fields` (under its code, or its key before ADR 060). */
export function extraValue(fields: NonNullable<DonorExtra["fields"]>, key: string): unknown {
  const code = CODE_OF.get(key);
  const v = code === undefined ? undefined : fields[code];
  return v === undefined ? fields[key] : v;
}

/**
 * `extra` of a donor with these catalogue values: the non-empty values of the fields that are not typed
 * columns, under their codes, in the values' order; typed columns and derived fields are left out.
 */
export function extraOf(
  values: Record<string, DonorFieldValue | undefined>,
  unknown: Record<string, string>,
  invalid: Record<string, string>,
): DonorExtra {
  const fields: Record<string, string | number | null> = {};
  for (const k in values) {
    const v = values[k];
    const code = CODE_OF.get(k);
    if (v !== null && v !== undefined && code !== undefined) fields[code] = v;
  }
  return { fields, unknown, invalid };
}

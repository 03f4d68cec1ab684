import type { DonorFieldValue } from "@cultivate/shared";

type Flat = Record<string, DonorFieldValue | undefined>;

/** The fields every match key below is made of. */
export const MATCH_FIELDS = ["clientId", "email", "firstName", "lastName", "zip"] as const;

/** A non-empty text value, else null. */
export const str = (v: DonorFieldValue | undefined) => (typeof v === "string" && v !== "" ? v : null);

/** The first + last name + zip match key (lower case), or null when one of the three is missing. */
export const nameKey = (f: Flat) => {
  const first = str(f.firstName);
  const last = str(f.lastName);
  const zip = str(f.zip);
  return first && last && zip ? `${last.toLowerCase()}\u0000${first.toLowerCase()}\u0000${zip}` : null;
};

/** Every match key of a set of fields (Client ID, email, name + zip), tagged by kind. */
export const matchKeys = (f: Flat): string[] => {
  const out: string[] = [];
  const c = str(f.clientId);
  const e = str(f.email)?.toLowerCase();
  const n = nameKey(f);
  if (c) out.push(`c:${c}`);
  if (e) out.push(`e:${e}`);
  if (n) out.push(`n:${n}`);
  return out;
};

/**
 * The keys the import's gate (import-job.ts) remembers of a donor: every match key, and, for a donor
 * without a Client ID, its email and name keys once more as "loose" keys (`le:…`, `ln:…`). A row with a
 * Client ID matches a donor by email or by name only when that donor has no Client ID or the same one
 * (prepareChunk), so such a row asks only for the loose keys (`rowProbeKeys`): two researched donors
 * with different Client IDs and the same name + zip no longer send their chunk through matching.
 */
export const donorGateKeys = (f: Flat): string[] => {
  const keys = matchKeys(f);
  return str(f.clientId) ? keys : [...keys, ...keys.map((k) => `l${k}`)];
};

/** The gate keys through which a row may match an earlier donor (see donorGateKeys). */
export const rowProbeKeys = (f: Flat): string[] => {
  const keys = matchKeys(f);
  return str(f.clientId) ? keys.map((k) => (k.startsWith("c:") ? k : `l${k}`)) : keys;
};

import type { DonorFieldValue } from "@cultivate/shared";

type Flat = Record<string, DonorFieldValue | undefined>;

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

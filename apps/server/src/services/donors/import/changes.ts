import { DONOR_FIELD_BY_KEY } from "@cultivate/shared";

/**
 * How donor_changes names a field: a catalogue key, or `unknown:<header>` for a column the catalogue
 * does not know. The import writes these entries and undo reads them back.
 */
export const UNKNOWN_FIELD_PREFIX = "unknown:";

/** Two stored values are the same when equal, null and undefined counting as one. */
export const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

export const changeLabel = (field: string) =>
  field === "relationship_manager" || field === "relationshipManagerId"
    ? "Relationship Manager"
    : field.startsWith(UNKNOWN_FIELD_PREFIX)
      ? field.slice(UNKNOWN_FIELD_PREFIX.length)
      : (DONOR_FIELD_BY_KEY.get(field)?.label ?? field);

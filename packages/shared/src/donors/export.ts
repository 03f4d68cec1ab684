import { DONOR_FIELDS, type DonorExportFieldKey } from "../donor-fields.ts";
import { RELATIONSHIP_MANAGER_LABEL } from "./portfolio.ts";

/** The export's last column: the donor's organisation (not a catalogue field). */
const ORGANIZATION_COLUMN = ["Organization", "organizationName"] as const;
/** After it, the donor's relationship manager's email (issue 15; docs/RULES.md, Portfolios). */
const RELATIONSHIP_MANAGER_COLUMN = [RELATIONSHIP_MANAGER_LABEL, "relationshipManagerEmail"] as const;

/**
 * docs/RULES.md, Export: the export's 19 columns, in order, each with the donor field it reads. The
 * columns and their headers come from the catalogue (a field's `export`), then Organization,
 * Relationship Manager and the derived fields.
 */
const exportedFields = (derived: boolean) =>
  DONOR_FIELDS.flatMap((f) => (f.export && !!f.derived === derived ? [{ f, e: f.export }] : []))
    .sort((a, b) => a.e.order - b.e.order)
    .map(({ f, e }) => [e.header ?? f.label, f.key as DonorExportFieldKey] as const);
/**
 * The spec's 16 columns come first, then Organization, the relationship manager and the derived ones
 * (issue 15: Last Contact, Days Since Contact).
 */
export const DONOR_EXPORT_COLUMNS: readonly (readonly [
  string,
  DonorExportFieldKey | "organizationName" | "relationshipManagerEmail",
])[] = [...exportedFields(false), ORGANIZATION_COLUMN, RELATIONSHIP_MANAGER_COLUMN, ...exportedFields(true)];
export const DONOR_EXPORT_HEADERS = DONOR_EXPORT_COLUMNS.map(([h]) => h);

/** donors_{date}.csv with date YYYY-MM-DD. */
export const donorExportFileName = (date = new Date()) => `donors_${date.toISOString().slice(0, 10)}.csv`;

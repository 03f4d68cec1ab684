import { DONOR_FIELDS, type DonorExportFieldKey } from "../donor-fields.ts";

/** The export's last column: the donor's organisation (not a catalogue field). */
const ORGANIZATION_COLUMN = ["Organization", "organizationName"] as const;

/**
 * docs/RULES.md, Export: the export's 16 columns, in order, each with the donor field it reads. The
 * columns and their headers come from the catalogue (a field's `export`), then Organization.
 */
const exportedFields = (derived: boolean) =>
  DONOR_FIELDS.flatMap((f) => (f.export && !!f.derived === derived ? [{ f, e: f.export }] : []))
    .sort((a, b) => a.e.order - b.e.order)
    .map(({ f, e }) => [e.header ?? f.label, f.key as DonorExportFieldKey] as const);
/** The spec's 16 columns come first, so derived ones (issue 15: Last Contact) follow Organization. */
export const DONOR_EXPORT_COLUMNS: readonly (readonly [string, DonorExportFieldKey | "organizationName"])[] = [
  ...exportedFields(false),
  ORGANIZATION_COLUMN,
  ...exportedFields(true),
];
export const DONOR_EXPORT_HEADERS = DONOR_EXPORT_COLUMNS.map(([h]) => h);

/** donors_{date}.csv with date YYYY-MM-DD. */
export const donorExportFileName = (date = new Date()) => `donors_${date.toISOString().slice(0, 10)}.csv`;

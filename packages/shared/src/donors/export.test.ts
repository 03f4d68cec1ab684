import { describe, expect, it } from "vitest";
import { DONOR_FIELD_BY_KEY, DONOR_FIELDS } from "../donor-fields.ts";
import { DONOR_EXPORT_COLUMNS, DONOR_EXPORT_HEADERS, donorExportFileName } from "./export.ts";

describe("export", () => {
  it("has the 19 columns of docs/RULES.md, Export in order and a dated file name", () => {
    expect(DONOR_EXPORT_HEADERS).toEqual([
      "First Name",
      "Last Name",
      "Email",
      "Phone Number",
      "Address",
      "City",
      "State",
      "Largest Gift Found",
      "Estimated Capacity",
      "DS Rating",
      "Quality Score",
      "Total Gift Amount",
      "Number of Gifts",
      "Last Gift Date",
      "Age",
      "Organization",
      // Issue 15: after the spec's 16, so a reader of those columns by position is not disturbed.
      "Relationship Manager",
      "Last Contact",
      "Days Since Contact",
    ]);
    expect(donorExportFileName(new Date("2026-03-04T12:00:00Z"))).toBe("donors_2026-03-04.csv");
  });

  it("takes every column but Organization and Relationship Manager from the catalogue: its field, and its label unless the field says otherwise", () => {
    const notCatalogue = ["organizationName", "relationshipManagerEmail"];
    const fromCatalogue = DONOR_EXPORT_COLUMNS.filter(([, key]) => !notCatalogue.includes(key)) as [string, string][];
    expect(DONOR_EXPORT_COLUMNS[15]).toEqual(["Organization", "organizationName"]);
    expect(DONOR_EXPORT_COLUMNS[16]).toEqual(["Relationship Manager", "relationshipManagerEmail"]);
    const inOrder = (derived: boolean) =>
      DONOR_FIELDS.filter((f) => f.export && !!f.derived === derived)
        .sort((a, b) => a.export!.order - b.export!.order)
        .map((f) => f.key);
    expect(fromCatalogue.map(([, key]) => key)).toEqual([...inOrder(false), ...inOrder(true)]);
    for (const [header, key] of fromCatalogue) {
      const field = DONOR_FIELD_BY_KEY.get(key)!;
      // The export reads typed columns only (Days Since Contact: the database computes it from Last Contact).
      expect(field.column || field.derived).toBe(true);
      expect(header).toBe(field.export!.header ?? field.label);
    }
  });
});

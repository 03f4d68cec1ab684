import { describe, expect, it } from "vitest";
import { DONOR_FIELD_BY_KEY, DONOR_FIELDS } from "../donor-fields.ts";
import { DONOR_EXPORT_COLUMNS, DONOR_EXPORT_HEADERS, donorExportFileName } from "./export.ts";

describe("export", () => {
  it("has the 17 columns of docs/RULES.md, Export in order and a dated file name", () => {
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
      "Relationship Manager",
    ]);
    expect(donorExportFileName(new Date("2026-03-04T12:00:00Z"))).toBe("donors_2026-03-04.csv");
  });

  it("takes every column but Organization and Relationship Manager from the catalogue: its field, and its label unless the field says otherwise", () => {
    const fromCatalogue = DONOR_EXPORT_COLUMNS.slice(0, -2);
    expect(DONOR_EXPORT_COLUMNS.at(-2)).toEqual(["Organization", "organizationName"]);
    expect(DONOR_EXPORT_COLUMNS.at(-1)).toEqual(["Relationship Manager", "relationshipManagerEmail"]);
    expect(fromCatalogue.map(([, key]) => key)).toEqual(
      DONOR_FIELDS.filter((f) => f.export)
        .sort((a, b) => a.export!.order - b.export!.order)
        .map((f) => f.key),
    );
    for (const [header, key] of fromCatalogue) {
      const field = DONOR_FIELD_BY_KEY.get(key)!;
      expect(field.column).toBe(true); // the export reads typed columns only
      expect(header).toBe(field.export!.header ?? field.label);
    }
  });
});

import { DONOR_SECTIONS, fieldsOfSection, formatDonorValue, type DonorRecord } from "@cultivate/shared";
import type { FieldSection } from "../components/field-sections";

const ADDITIONAL = "Additional Data & Custom Fields";

/** The seven display sections from the field catalogue; unknown import columns go under Additional. */
export function donorSections(donor: DonorRecord): FieldSection[] {
  return DONOR_SECTIONS.map((title) => {
    const fields = fieldsOfSection(title).map((f) => {
      const value = donor.fields[f.key];
      const shown = formatDonorValue(f, value);
      return {
        key: f.key,
        label: f.label,
        display: value === null || value === undefined || value === "" ? null : shown,
      };
    });
    if (title === ADDITIONAL) {
      for (const [header, value] of Object.entries(donor.unknownFields)) {
        fields.push({ key: `unknown:${header}`, label: header, display: value.trim() ? value : null });
      }
    }
    return { title, fields };
  });
}

export const fullName = (donor: DonorRecord) => {
  const parts = ["firstName", "middleName", "lastName"]
    .map((k) => donor.fields[k])
    .filter((v) => v !== null && v !== undefined && v !== "");
  return parts.length ? parts.join(" ") : "Unnamed donor";
};

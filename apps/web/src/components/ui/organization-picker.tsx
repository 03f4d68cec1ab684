import { Select } from "@mantine/core";
import { IconBuilding } from "@tabler/icons-react";

const ALL = "all";

/**
 * How every choice of organisation is searched (this picker, the action history's filter, the upload's
 * target, a campaign's organisation, a user's organisation): an installation may hold thousands, so
 * typing finds one, and at most 100 options are drawn at once.
 */
export const ORGANIZATION_SEARCH = {
  searchable: true,
  limit: 100,
  nothingFoundMessage: "No organization of that name",
} as const;

/** A Select's props for choosing one of `organizations`: their options and ORGANIZATION_SEARCH. */
export function organizationChoices(organizations: readonly { id: string; name: string }[] | undefined) {
  return { data: (organizations ?? []).map((o) => ({ value: o.id, label: o.name })), ...ORGANIZATION_SEARCH };
}

interface OrganizationPickerProps {
  /** The organisations to offer (an admin's list); undefined while it loads. */
  organizations: { id: string; name: string }[] | undefined;
  /** The organisation shown, or null for all of them. */
  value: string | null;
  onChange: (organizationId: string | null) => void;
  loading?: boolean;
  /** What no choice shows; "All organizations" unless the page says otherwise (an admin's own organisation). */
  noneLabel?: string;
}

/**
 * An admin's choice of organisation on the donor list, donor groups and campaigns (issue 14: before, only
 * `?organizationId=` in the address could do it). "All organizations" shows every organisation's records.
 */
export function OrganizationPicker({
  organizations,
  value,
  onChange,
  loading,
  noneLabel = "All organizations",
}: OrganizationPickerProps) {
  const choices = organizationChoices(organizations);
  const data = [{ value: ALL, label: noneLabel }, ...choices.data];
  // An id in the address that the list does not (yet) hold still shows as chosen.
  if (value && !data.some((d) => d.value === value)) data.push({ value, label: loading ? "Loading…" : value });
  return (
    <Select
      {...choices}
      label="Organization"
      data={data}
      value={value ?? ALL}
      onChange={(v) => onChange(!v || v === ALL ? null : v)}
      allowDeselect={false}
      // Options only while the list is open: the chosen organisation's name is then on the page once, where the
      // page itself shows it, not again in a hidden option.
      comboboxProps={{ keepMounted: false }}
      leftSection={<IconBuilding size={16} />}
      w={{ base: "100%", xs: 260 }}
      data-testid="organization-picker"
    />
  );
}

import { useEffect, useState } from "react";
import { Button, Group, Paper, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import dayjs from "dayjs";
import { ACTION_TYPES, ACTION_USER_OPTIONS } from "@cultivate/shared";
import { useOrganizationNames } from "@/lib/organization-names";
import { TYPING_PAUSE_MS } from "@/lib/typing";
import { useActionFilterOptions } from "../api/get-actions";
import { organizationChoices } from "@/components/ui/organization-picker";

export type FilterState = {
  actionType?: string;
  actionName?: string;
  resourceType?: string;
  userId?: string;
  organizationId?: string;
  range?: string;
  from?: string;
  to?: string;
  success?: string;
};

export const RANGE_PRESETS: { value: string; label: string; ms: number | null }[] = [
  { value: "all", label: "All time", ms: null },
  { value: "1h", label: "Last hour", ms: 3_600_000 },
  { value: "24h", label: "Last 24 hours", ms: 86_400_000 },
  { value: "7d", label: "Last 7 days", ms: 7 * 86_400_000 },
  { value: "30d", label: "Last 30 days", ms: 30 * 86_400_000 },
  { value: "custom", label: "Custom range", ms: null },
];

const toLocalInput = (iso?: string) => (iso ? dayjs(iso).format("YYYY-MM-DDTHH:mm") : "");
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

interface ActionFiltersProps {
  value: FilterState;
  /** An admin's: every organisation may be chosen. */
  showOrganization: boolean;
  /** A patch of the keys one control changed (undefined removes a key); null clears every filter. */
  onChange: (patch: Partial<FilterState> | null) => void;
}

/** The filters of docs/RULES.md, Activity history: type, name, resource type, user, organisation, time range, success. */
export function ActionFiltersPanel({ value, showOrganization, onChange }: ActionFiltersProps) {
  // The User filter asks the server for the users whose email or name holds what is typed (an
  // installation's users do not fit one list); the chosen user always comes back, for its label.
  const [userSearch, setUserSearch] = useState("");
  // Once a user is chosen the box shows their email, which is not a search. The server sends the chosen
  // user with every answer, so their email is known once the first answer is in.
  const [chosenEmail, setChosenEmail] = useState<string | null>(null);
  const [typed] = useDebouncedValue(userSearch === chosenEmail ? "" : userSearch, TYPING_PAUSE_MS);
  const options = useActionFilterOptions(typed, value.userId).data;
  const answeredEmail = options?.users.find((u) => u.id === value.userId)?.email ?? null;
  useEffect(() => setChosenEmail(value.userId ? answeredEmail : null), [value.userId, answeredEmail]);
  const organizations = useOrganizationNames(showOrganization).data;
  // Only the changed keys leave the panel: a control's handler may close over an older render, and
  // resending its whole (stale) state would undo a pick made a moment before (issue 14).
  const set = (patch: Partial<FilterState>) => onChange(patch);
  const range = value.range ?? "all";

  const setRange = (next: string | null) => {
    const preset = RANGE_PRESETS.find((p) => p.value === next) ?? RANGE_PRESETS[0]!;
    if (preset.value === "custom") return set({ range: "custom" });
    set({
      range: preset.value === "all" ? undefined : preset.value,
      from: preset.ms ? new Date(Date.now() - preset.ms).toISOString() : undefined,
      to: undefined,
    });
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="action-filters">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Select
          label="Action type"
          placeholder="All types"
          clearable
          data={ACTION_TYPES.map((t) => ({ value: t, label: t.replace(/_/g, " ") }))}
          value={value.actionType ?? null}
          onChange={(v) => set({ actionType: v ?? undefined })}
        />
        <Select
          label="Action name"
          placeholder="All actions"
          clearable
          searchable
          data={options?.actionNames ?? []}
          value={value.actionName ?? null}
          onChange={(v) => set({ actionName: v ?? undefined })}
        />
        <Select
          label="Resource type"
          placeholder="All resources"
          clearable
          searchable
          data={options?.resourceTypes ?? []}
          value={value.resourceType ?? null}
          onChange={(v) => set({ resourceType: v ?? undefined })}
        />
        <Select
          label="User"
          placeholder="All users"
          clearable
          searchable
          onSearchChange={setUserSearch}
          // The server has matched the email or the name already: show what it found.
          filter={({ options: found }) => found}
          data={(options?.users ?? []).map((u) => ({ value: u.id, label: u.email }))}
          value={value.userId ?? null}
          onChange={(v) => set({ userId: v ?? undefined })}
          nothingFoundMessage="No user matches"
          description={
            (options?.users.length ?? 0) >= ACTION_USER_OPTIONS ? "Type an email or a name to find others" : undefined
          }
        />
        {showOrganization ? (
          <Select
            label="Organization"
            placeholder="All organizations"
            clearable
            {...organizationChoices(organizations)}
            value={value.organizationId ?? null}
            onChange={(v) => set({ organizationId: v ?? undefined })}
          />
        ) : null}
        <Select
          label="Time range"
          data={RANGE_PRESETS.map(({ value: v, label }) => ({ value: v, label }))}
          value={range}
          allowDeselect={false}
          onChange={setRange}
        />
        {range === "custom" ? (
          <>
            <TextInput
              label="From"
              type="datetime-local"
              value={toLocalInput(value.from)}
              onChange={(e) => set({ from: fromLocalInput(e.currentTarget.value) })}
            />
            <TextInput
              label="To"
              type="datetime-local"
              value={toLocalInput(value.to)}
              onChange={(e) => set({ to: fromLocalInput(e.currentTarget.value) })}
            />
          </>
        ) : null}
        <Select
          label="Result"
          placeholder="All results"
          clearable
          data={[
            { value: "true", label: "Success" },
            { value: "false", label: "Failed" },
          ]}
          value={value.success ?? null}
          onChange={(v) => set({ success: v ?? undefined })}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="subtle" onClick={() => onChange(null)}>
          Clear filters
        </Button>
      </Group>
    </Paper>
  );
}

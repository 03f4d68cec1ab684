import { Button, Group, Paper, Select, SimpleGrid, TextInput } from "@mantine/core";
import dayjs from "dayjs";
import { ACTION_TYPES, type ActionFilterOptions } from "@cultivate/shared";

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
  options: ActionFilterOptions | undefined;
  showOrganization: boolean;
  /** A patch of the keys one control changed (undefined removes a key); null clears every filter. */
  onChange: (patch: Partial<FilterState> | null) => void;
}

/** The filters of docs/RULES.md, Activity history: type, name, resource type, user, organisation, time range, success. */
export function ActionFiltersPanel({ value, options, showOrganization, onChange }: ActionFiltersProps) {
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
          data={(options?.users ?? []).map((u) => ({ value: u.id, label: u.email }))}
          value={value.userId ?? null}
          onChange={(v) => set({ userId: v ?? undefined })}
        />
        {showOrganization ? (
          <Select
            label="Organization"
            placeholder="All organizations"
            clearable
            searchable
            data={(options?.organizations ?? []).map((o) => ({ value: o.id, label: o.name }))}
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

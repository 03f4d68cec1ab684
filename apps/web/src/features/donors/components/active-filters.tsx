import { memo } from "react";
import { Button, CloseButton, Group, Paper, Text } from "@mantine/core";
import type { DonorFilterChip } from "@cultivate/shared";
import classes from "./active-filters.module.css";

interface ActiveFiltersProps {
  chips: DonorFilterChip[];
  onRemove: (chip: DonorFilterChip) => void;
  onClear: () => void;
}

/**
 * The filters in force, above the list, one removable chip each ("Estimated Capacity $500,000 – any", labels
 * from the field catalogue, values formatted as everywhere else: describeDonorFilters), so the panel can stay
 * closed (issue 14).
 */
export const ActiveFilters = memo(function ActiveFilters({ chips, onRemove, onClear }: ActiveFiltersProps) {
  if (!chips.length) return null;
  return (
    <Group gap={6} wrap="wrap" component="ul" aria-label="Active filters" className={classes.list}>
      {chips.map((chip) => {
        const text = `${chip.label} ${chip.value}`;
        return (
          <Paper
            component="li"
            key={chip.label}
            className={classes.chip}
            radius="xl"
            withBorder
            data-filter-chip={text}
          >
            <Text span size="sm">
              <Text span fw={600} inherit>
                {chip.label}
              </Text>{" "}
              {chip.value}
            </Text>
            <CloseButton size="sm" radius="xl" aria-label={`Remove filter ${text}`} onClick={() => onRemove(chip)} />
          </Paper>
        );
      })}
      <li>
        <Button variant="subtle" size="compact-sm" onClick={onClear}>
          Clear all
        </Button>
      </li>
    </Group>
  );
});

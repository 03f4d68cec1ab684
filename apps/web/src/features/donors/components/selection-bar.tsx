import { Button, Group, Loader, Menu, Paper, Text } from "@mantine/core";
import { IconChecks, IconSearch, IconUserMinus, IconUserPlus, IconUserShare, IconX } from "@tabler/icons-react";

export interface GroupOption {
  id: string;
  name: string;
  /** Beside the name: the group's organisation, for an admin who sees every organisation's groups. */
  detail?: string;
}

interface SelectionBarProps {
  selectedCount: number;
  visibleCount: number;
  allVisibleSelected: boolean;
  /** The first page of static groups by name (ADR 072). */
  groups: GroupOption[];
  /** More groups than `groups`: the menus end with "Find another group…", which calls onFindGroup. */
  moreGroups: boolean;
  onFindGroup: (action: "add" | "remove") => void;
  busy: boolean;
  onToggleAll: () => void;
  onClear: () => void;
  onAdd: (group: GroupOption) => void;
  onRemove: (group: GroupOption) => void;
  /** Issue 15, Portfolios: "Assign to…" (owners and managers only; absent for others). */
  assign?: { managers: GroupOption[]; busy: boolean; onAssign: (manager: GroupOption | null) => void };
}

/** A menu never wider than a phone's screen: a long group, organisation or person's name wraps instead. */
const fitsTheScreen = {
  maw: "min(420px, calc(100vw - 24px))",
  style: { overflowY: "auto", overflowWrap: "anywhere" },
} as const;

/** docs/RULES.md, Groups: Select All (visible ↔ none), Clear Selection, Add to Group, Remove from Group. */
export function SelectionBar(props: SelectionBarProps) {
  const { selectedCount, visibleCount, allVisibleSelected, groups, moreGroups, busy } = props;
  const groupMenu = (
    label: string,
    icon: React.ReactNode,
    onPick: (g: GroupOption) => void,
    action: "add" | "remove",
    color?: string,
  ) => (
    <Menu shadow="md" position="bottom-start" withinPortal>
      <Menu.Target>
        {/* Busy, not disabled (Button's loading disables it): the menu gives the focus back to this button
            when it closes, and a disabled button would drop it to the page (issue 14, keyboard use). */}
        <Button
          size="xs"
          variant="light"
          color={color}
          leftSection={icon}
          rightSection={busy ? <Loader size={12} color={color} /> : null}
          aria-busy={busy}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} {...fitsTheScreen}>
        <Menu.Label>{groups.length ? "Choose a static group" : "No static groups yet"}</Menu.Label>
        {groups.map((g) => (
          <Menu.Item key={g.id} onClick={() => onPick(g)} disabled={busy}>
            {g.name}
            {g.detail ? (
              <Text size="xs" c="dimmed">
                {g.detail}
              </Text>
            ) : null}
          </Menu.Item>
        ))}
        {moreGroups ? (
          <>
            <Menu.Divider />
            <Menu.Item leftSection={<IconSearch size={14} />} onClick={() => props.onFindGroup(action)} disabled={busy}>
              Find another group…
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Paper withBorder p="xs" radius="md" aria-label="Selection">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconChecks size={16} />}
            onClick={props.onToggleAll}
            disabled={visibleCount === 0}
            aria-pressed={allVisibleSelected}
          >
            Select All
          </Button>
          <Button size="xs" variant="default" leftSection={<IconX size={16} />} onClick={props.onClear}>
            Clear Selection
          </Button>
          {groupMenu("Add to Group", <IconUserPlus size={16} />, props.onAdd, "add")}
          {groupMenu("Remove from Group", <IconUserMinus size={16} />, props.onRemove, "remove", "red")}
          {props.assign ? <AssignMenu {...props.assign} /> : null}
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {selectedCount} selected
        </Text>
      </Group>
    </Paper>
  );
}

/** "Assign to…": the selected donors' relationship manager, one of the organisation's managers, or nobody. */
function AssignMenu({ managers, busy, onAssign }: NonNullable<SelectionBarProps["assign"]>) {
  return (
    <Menu shadow="md" position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" color="grape" leftSection={<IconUserShare size={16} />} loading={busy}>
          Assign to…
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} {...fitsTheScreen}>
        <Menu.Label>Relationship manager</Menu.Label>
        {managers.map((m) => (
          <Menu.Item key={m.id} onClick={() => onAssign(m)}>
            {m.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => onAssign(null)}>Nobody (unassigned)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { useRef } from "react";
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
  /** `opener`: the menu's button, where the focus goes back once the search dialog closes. */
  onFindGroup: (action: "add" | "remove", opener: HTMLElement | null) => void;
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
  const { selectedCount, visibleCount, allVisibleSelected } = props;
  const menu = { groups: props.groups, moreGroups: props.moreGroups, busy: props.busy, onFindGroup: props.onFindGroup };
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
          <GroupMenu
            {...menu}
            label="Add to Group"
            icon={<IconUserPlus size={16} />}
            action="add"
            onPick={props.onAdd}
          />
          <GroupMenu
            {...menu}
            label="Remove from Group"
            icon={<IconUserMinus size={16} />}
            action="remove"
            color="red"
            onPick={props.onRemove}
          />
          {props.assign ? <AssignMenu {...props.assign} /> : null}
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {selectedCount} selected
        </Text>
      </Group>
    </Paper>
  );
}

/** Add to Group or Remove from Group: the first page of groups, then "Find another group…" when there are more. */
function GroupMenu({
  label,
  icon,
  color,
  action,
  groups,
  moreGroups,
  busy,
  onPick,
  onFindGroup,
}: Pick<SelectionBarProps, "groups" | "moreGroups" | "busy" | "onFindGroup"> & {
  label: string;
  icon: React.ReactNode;
  color?: string;
  action: "add" | "remove";
  onPick: (g: GroupOption) => void;
}) {
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <Menu shadow="md" position="bottom-start" withinPortal>
      <Menu.Target>
        {/* Busy, not disabled (Button's loading disables it): the menu gives the focus back to this button
            when it closes, and a disabled button would drop it to the page (issue 14, keyboard use). */}
        <Button
          ref={opener}
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
            <Menu.Item
              leftSection={<IconSearch size={14} />}
              onClick={() => onFindGroup(action, opener.current)}
              disabled={busy}
            >
              Find another group…
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
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

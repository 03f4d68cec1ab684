import { useState } from "react";
import { Button, Group, Modal, Select, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { plural } from "@cultivate/shared";
import { TYPING_PAUSE_MS } from "@/lib/typing";
import { useDonorGroups } from "../api/donor-groups";

interface FindGroupModalProps {
  /** Which of the selection bar's menus asked: the title and the button say it. */
  action: "add" | "remove" | null;
  organizationId?: string;
  /** An admin reading every organisation's groups: each option names its organisation. */
  organizationOf?: (organizationId: string) => string | undefined;
  selectedCount: number;
  /**
   * Once the dialog has closed: give the focus back to the menu's button. The menu item that opened the
   * dialog is gone by then, so Mantine's own return of the focus would leave it on the page.
   */
  onClosed: () => void;
  onClose: () => void;
  onPick: (group: { id: string; name: string }) => void;
}

/** Matches shown at once: few enough that the list never scrolls (a scrolled list would need a tab stop of its own). */
const SHOWN = 10;

/**
 * "Find another group…" (ADR 072): the selection bar's menus list the first 50 groups by name; past
 * those, the group is found here by name, searched by the server, the first 10 matches by name shown.
 * A combobox, so a screen reader hears each option as the arrows reach it.
 */
export function FindGroupModal({
  action,
  organizationId,
  organizationOf,
  selectedCount,
  onClosed,
  onClose,
  onPick,
}: FindGroupModalProps) {
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const [q] = useDebouncedValue(search.trim().slice(0, 200), TYPING_PAUSE_MS);
  const groups = useDonorGroups({ organizationId, q }, action !== null);
  const found = (groups.data?.groups ?? []).slice(0, SHOWN);
  const options = found.map((g) => {
    const organization = organizationOf?.(g.organizationId);
    return { value: g.id, label: organization ? `${g.name} (${organization})` : g.name };
  });
  // The picked group stays an option while a new search loads, or Select would clear it.
  if (picked && !options.some((o) => o.value === picked.id)) options.unshift({ value: picked.id, label: picked.name });
  const more = groups.data ? groups.data.total - found.length : 0;
  const verb = action === "remove" ? "Remove from Group" : "Add to Group";

  const close = () => {
    setSearch("");
    setPicked(null);
    onClose();
  };

  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={verb}
      centered
      returnFocus={false}
      onExitTransitionEnd={onClosed}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!picked) return;
          onPick(picked);
          close();
        }}
      >
        <Select
          label="Group"
          placeholder="Type part of the group's name"
          data-autofocus
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server has already matched the name: every option it sent is shown.
          filter={({ options: all }) => all}
          data={options}
          value={picked?.id ?? null}
          onChange={(id, option) => setPicked(id && option ? { id, name: option.label } : null)}
          nothingFoundMessage={groups.isFetching ? "Searching…" : "No groups match"}
          maxDropdownHeight={480}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="xs" c="dimmed" mt={4} aria-live="polite">
          {more > 0 ? `${plural(more, "more group")} match: type more of the name.` : " "}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={!picked} color={action === "remove" ? "red" : undefined}>
            {`${action === "remove" ? "Remove" : "Add"} ${plural(selectedCount, "donor")}`}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

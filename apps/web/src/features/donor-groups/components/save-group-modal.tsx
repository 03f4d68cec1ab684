import { useState } from "react";
import { Button, Group, List, Modal, Text, TextInput } from "@mantine/core";
import { DONOR_MESSAGES, summarizeDonorFilters, type DonorFilterSettings } from "@cultivate/shared";

interface SaveGroupModalProps {
  opened: boolean;
  filters: DonorFilterSettings;
  saving: boolean;
  onClose: () => void;
  /** Resolves when saved (the modal then closes). */
  onSave: (name: string) => Promise<unknown>;
}

/** The name prompt of Save Group (docs/RULES.md, Groups): a non-empty name for the current filters. */
export function SaveGroupModal({ opened, filters, saving, onClose, onSave }: SaveGroupModalProps) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName("");
    setError(null);
    onClose();
  };
  const summary = summarizeDonorFilters(filters, 20);
  return (
    <Modal opened={opened} onClose={close} title="Save Group" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const trimmed = name.trim();
          if (!trimmed) return setError(DONOR_MESSAGES.groupNameRequired);
          onSave(trimmed).then(close, () => undefined);
        }}
      >
        <Text size="sm" mb={4}>
          Filters to save:
        </Text>
        <List size="sm" mb="md">
          {summary.map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List>
        <TextInput
          label="Group Name"
          data-autofocus
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={200}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

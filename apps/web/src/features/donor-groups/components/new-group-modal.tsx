import { DONOR_MESSAGES } from "@cultivate/shared";
import { useState } from "react";
import { Button, Group, Modal, TextInput } from "@mantine/core";

interface NewGroupModalProps {
  opened: boolean;
  onClose: () => void;
  creating: boolean;
  /** Resolves when the group was created (the modal then closes and clears). */
  onCreate: (name: string) => Promise<unknown>;
}

export function NewGroupModal({ opened, onClose, creating, onCreate }: NewGroupModalProps) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setName("");
    setError(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="New Group" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (!trimmed) return setError(DONOR_MESSAGES.groupNameRequired);
          onCreate(trimmed).then(close, () => undefined);
        }}
      >
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
          <Button type="submit" loading={creating}>
            Create Group
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

import { Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { DONOR_MESSAGES, type ImportBatch } from "@cultivate/shared";

/** Undo asks first and says how many donors it removes and restores (issue 14; docs/RULES.md, Import). */
export function confirmUndoImport(batch: ImportBatch, onConfirm: () => void) {
  modals.openConfirmModal({
    title: "Undo this import?",
    children: (
      <Stack gap="xs">
        {batch.fileName ? (
          <Text size="sm" fw={500}>
            {batch.fileName}
          </Text>
        ) : null}
        <Text size="sm">{DONOR_MESSAGES.undoImportConfirm(batch.counts)}</Text>
      </Stack>
    ),
    labels: { confirm: "Undo Import", cancel: "Cancel" },
    confirmProps: { color: "red" },
    onConfirm,
  });
}

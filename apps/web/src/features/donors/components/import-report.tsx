import { Alert, Button, Group, Paper, Progress, ScrollArea, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import { formatNumber, plural, type ImportBatch } from "@cultivate/shared";

const STATUS_TEXT: Record<ImportBatch["status"], string> = {
  queued: "Waiting to start…",
  running: "Importing…",
  completed: "Import finished",
  failed: "Import stopped",
  interrupted: "Import interrupted",
  undoing: "Undoing the import…",
  undone: "This import was undone",
};

export function ImportProgress({ batch }: { batch: ImportBatch }) {
  const total = Math.max(batch.rowsTotal, 0);
  const pct = total ? Math.min(100, Math.round((batch.rowsDone / total) * 100)) : batch.status === "queued" ? 0 : 100;
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {STATUS_TEXT[batch.status]}
        </Text>
        <Text size="sm" c="dimmed" data-testid="import-progress-text">
          {formatNumber(batch.rowsDone)} / {formatNumber(total)} rows
        </Text>
      </Group>
      <Progress
        value={pct}
        animated={batch.status === "running" || batch.status === "undoing" || batch.status === "queued"}
        aria-label="Import progress"
        aria-valuenow={batch.rowsDone}
        aria-valuemax={total}
      />
    </Stack>
  );
}

interface ImportReportProps {
  batch: ImportBatch;
  undoing: boolean;
  onUndo: () => void;
}

/** The report of a finished import: counts, problems by row and column, and Undo. */
export function ImportReport({ batch, undoing, onUndo }: ImportReportProps) {
  const { counts } = batch;
  return (
    <Paper withBorder p="md" radius="md" aria-label="Import report">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Import report{batch.fileName ? `: ${batch.fileName}` : ""}</Text>
          {batch.canUndo ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconArrowBackUp size={16} />}
              loading={undoing}
              onClick={onUndo}
            >
              Undo Import
            </Button>
          ) : null}
        </Group>
        {batch.status === "undone" ? (
          <Alert color="gray">This import was undone: its new donors were removed and its updates reverted.</Alert>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Stat label="Inserted" value={counts.inserted} />
          <Stat label="Updated" value={counts.updated} />
          <Stat label="Unchanged" value={counts.unchanged} />
          <Stat label="Skipped" value={counts.skipped} />
        </SimpleGrid>
        {batch.problemCount > 0 ? (
          <>
            <Text size="sm">
              {plural(batch.problemCount, "problem")}
              {batch.problemCount > batch.problems.length ? ` (first ${batch.problems.length} shown)` : ""}:
            </Text>
            <ScrollArea.Autosize mah={260} type="auto">
              <Table striped withTableBorder fz="sm" aria-label="Import problems">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {batch.problems.map((p, i) => (
                    <Table.Tr key={`${p.row}-${p.column}-${i}`}>
                      <Table.Td>{p.row}</Table.Td>
                      <Table.Td>{p.column || "(whole row)"}</Table.Td>
                      <Table.Td>{p.problem}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No problems found.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="xs" radius="sm" ta="center">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={`import-count-${label.toLowerCase()}`}>
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}

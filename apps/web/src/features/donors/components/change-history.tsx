import { Badge, Box, Group, Paper, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import { formatChangeValue, formatDateTime, type DonorChange } from "@cultivate/shared";
import { Breakable } from "@/components/ui/breakable";
import { UNCLIPPED_BADGE } from "@/components/ui/unclipped-badge";
import { usePhone } from "@/lib/phone";

const SOURCE: Record<DonorChange["source"], string> = {
  import: "Import",
  screen: "Edited on screen",
  undo: "Import undone",
};

const sourceColor = (source: DonorChange["source"]) =>
  source === "screen" ? "blue" : source === "undo" ? "orange" : "teal";

/** One field's old value (dimmed) → new value, as the record shows them; both layouts draw it. */
function OldToNew({ field }: { field: DonorChange["changes"][number] }) {
  return (
    <>
      <Text span c="dimmed">
        {formatChangeValue(field.field, field.old)}
      </Text>{" "}
      → <Text span>{formatChangeValue(field.field, field.new)}</Text>
    </>
  );
}

/**
 * Who changed what and when (newest first): one line per field, old → new. On a phone each change is a
 * block of its own, its fields under it, instead of a table that would scroll sideways (ADR 074).
 */
export function ChangeHistory({ changes }: { changes: DonorChange[] }) {
  const phone = usePhone();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="change-history-title">
      <Title order={3} id="change-history-title" mb="sm">
        Change History
      </Title>
      {changes.length === 0 ? (
        <Text c="dimmed">No changes recorded yet.</Text>
      ) : phone ? (
        <Stack gap="sm" role="list" aria-label="Change history">
          {changes.map((c) => (
            <Box key={c.id} role="listitem" pb="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
              <Group gap="xs" mb={4}>
                <Badge variant="light" color={sourceColor(c.source)}>
                  {SOURCE[c.source]}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDateTime(c.createdAt, { seconds: true })}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" mb={4}>
                <Breakable text={c.userEmail ?? "System"} />
              </Text>
              {c.changes.map((f, i) => (
                <Text key={`${f.field}-${i}`} size="sm" style={{ overflowWrap: "anywhere" }}>
                  <Text span fw={600}>
                    {f.label || f.field}
                  </Text>
                  : <OldToNew field={f} />
                </Text>
              ))}
            </Box>
          ))}
        </Stack>
      ) : (
        <ScrollArea type="auto">
          <Table striped fz="sm" aria-label="Change history" miw={700}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>Old → New</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.flatMap((c) =>
                (c.changes.length ? c.changes : [{ field: "", label: "", old: null, new: null }]).map((f, i) => (
                  <Table.Tr key={`${c.id}-${f.field}-${i}`}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      {i === 0 ? formatDateTime(c.createdAt, { seconds: true }) : ""}
                    </Table.Td>
                    <Table.Td>{i === 0 ? (c.userEmail ?? "System") : ""}</Table.Td>
                    <Table.Td>
                      {i === 0 ? (
                        <Badge variant="light" color={sourceColor(c.source)} styles={UNCLIPPED_BADGE}>
                          {SOURCE[c.source]}
                        </Badge>
                      ) : (
                        ""
                      )}
                    </Table.Td>
                    <Table.Td>{f.label || f.field || "—"}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <OldToNew field={f} />
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}

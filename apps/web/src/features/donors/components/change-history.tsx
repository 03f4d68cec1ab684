import { Badge, Paper, ScrollArea, Table, Text, Title } from "@mantine/core";
import type { DonorChange } from "@cultivate/shared";

const SOURCE: Record<DonorChange["source"], string> = {
  import: "Import",
  screen: "Edited on screen",
  undo: "Import undone",
};

const show = (v: unknown) => {
  if (v === null || v === undefined || v === "") return "N/A";
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 120)}…` : s;
};

/** Who changed what and when (newest first): one line per field, old → new. */
export function ChangeHistory({ changes }: { changes: DonorChange[] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="change-history-title">
      <Title order={3} id="change-history-title" mb="sm">
        Change History
      </Title>
      {changes.length === 0 ? (
        <Text c="dimmed">No changes recorded yet.</Text>
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
                      {i === 0 ? new Date(c.createdAt).toLocaleString("en-US") : ""}
                    </Table.Td>
                    <Table.Td>{i === 0 ? (c.userEmail ?? "System") : ""}</Table.Td>
                    <Table.Td>
                      {i === 0 ? (
                        <Badge
                          variant="light"
                          color={c.source === "screen" ? "blue" : c.source === "undo" ? "orange" : "teal"}
                        >
                          {SOURCE[c.source]}
                        </Badge>
                      ) : (
                        ""
                      )}
                    </Table.Td>
                    <Table.Td>{f.label || f.field || "—"}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <Text span c="dimmed">
                        {show(f.old)}
                      </Text>{" "}
                      → <Text span>{show(f.new)}</Text>
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

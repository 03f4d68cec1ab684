import { Badge, Code, Modal, Stack, Table, Text } from "@mantine/core";
import {
  actionOutcome,
  describeAction,
  formatDateTime,
  formatDuration,
  shortId,
  type UserAction,
} from "@cultivate/shared";

/** Every field of one action, raw names included (issue 14); the details object pretty-printed. */
export function ActionDetailsModal({ action, onClose }: { action: UserAction | null; onClose: () => void }) {
  const rows: [string, React.ReactNode][] = action
    ? [
        ["What happened", describeAction(action)],
        ["ID", action.id],
        ["Timestamp", formatDateTime(action.timestamp, { seconds: true })],
        ["User", action.userEmail ?? action.userId ?? "—"],
        ["User ID", action.userId ?? "—"],
        ["Organization", action.organizationName ?? "—"],
        ["Organization ID", action.organizationId ?? "—"],
        ["Action type", action.actionType],
        ["Action name", action.actionName],
        ["Resource type", action.resourceType ?? "—"],
        ["Resource", action.resourceName ?? "—"],
        // Ids show their first 8 characters (docs/RULES.md, Activity history); a page's "id" is its path, shown whole.
        ["Resource ID", action.resourceType === "page" ? (action.resourceId ?? "—") : shortId(action.resourceId)],
        [
          "Success",
          <Badge key="s" color={actionOutcome(action).color} variant="light">
            {actionOutcome(action).label}
          </Badge>,
        ],
        ["Error message", action.errorMessage ?? "—"],
        ["Duration", formatDuration(action.durationMs)],
        ["IP address", action.ipAddress ?? "—"],
        ["User agent", action.userAgent ?? "—"],
        ["Session ID", action.sessionId ?? "—"],
      ]
    : [];
  return (
    <Modal opened={action !== null} onClose={onClose} title="Action details" size="lg">
      {action ? (
        <Stack gap="md">
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={150} style={{ verticalAlign: "top" }}>
                    <Text size="sm" c="dimmed">
                      {label}
                    </Text>
                  </Table.Th>
                  <Table.Td style={{ wordBreak: "break-all" }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <div>
            <Text size="sm" fw={600} mb={4}>
              Details
            </Text>
            <Code block data-testid="action-details-json">
              {JSON.stringify(action.details, null, 2)}
            </Code>
          </div>
        </Stack>
      ) : null}
    </Modal>
  );
}

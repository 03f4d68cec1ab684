import { Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatDuration, formatNumber, type ActionSummary } from "@cultivate/shared";

const label = (type: string) => type.replace(/_/g, " ");

export function ActionSummaryCards({ summary }: { summary: ActionSummary | undefined }) {
  const s = summary;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      <Card withBorder radius="md" data-testid="summary-total">
        <Text size="sm" c="dimmed">
          Total actions
        </Text>
        <Text fz={28} fw={700}>
          {s ? formatNumber(s.total) : "…"}
        </Text>
      </Card>
      <Card withBorder radius="md" data-testid="summary-success">
        <Text size="sm" c="dimmed">
          Success rate
        </Text>
        <Text fz={28} fw={700} c={s && s.successRate !== null && s.successRate < 90 ? "orange.7" : "green.7"}>
          {s ? (s.successRate === null ? "—" : `${s.successRate}%`) : "…"}
        </Text>
        {s ? (
          <Text size="xs" c="dimmed">
            {`${formatNumber(s.successCount)} of ${formatNumber(s.total)}`}
          </Text>
        ) : null}
      </Card>
      <Card withBorder radius="md" data-testid="summary-by-type">
        <Text size="sm" c="dimmed" mb={4}>
          By type
        </Text>
        <Stack gap={2}>
          {s?.byType.length ? (
            s.byType.slice(0, 7).map((b) => (
              <Group key={b.actionType} justify="space-between" gap="xs">
                <Text size="xs" tt="capitalize">
                  {label(b.actionType)}
                </Text>
                <Text size="xs" fw={600}>
                  {formatNumber(b.count)}
                </Text>
              </Group>
            ))
          ) : (
            <Text size="xs" c="dimmed">
              —
            </Text>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" data-testid="summary-duration">
        <Text size="sm" c="dimmed">
          Average duration
        </Text>
        <Text fz={28} fw={700}>
          {s ? formatDuration(s.averageDurationMs) : "…"}
        </Text>
      </Card>
    </SimpleGrid>
  );
}

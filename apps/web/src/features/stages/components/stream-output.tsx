import { Group, Loader, Paper, Text } from "@mantine/core";
import type { StageStreaming } from "../hooks/use-stage-workspace";
import { writtenBy } from "./stage-history";

/** The recommendation as the AI provider writes it, until the saved record replaces it in the history. */
export function StreamOutput({ streaming }: { streaming: StageStreaming }) {
  return (
    <Paper withBorder p="md" radius="md" aria-live="polite" data-testid="stage-streaming">
      <Group gap="xs" mb="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {streaming.provider
            ? `Writing with ${writtenBy({ provider: streaming.provider, model: streaming.model })}...`
            : "Contacting the AI provider..."}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {streaming.text}
      </Text>
    </Paper>
  );
}

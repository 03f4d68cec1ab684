import { Badge, Group, Paper, Text, ThemeIcon } from "@mantine/core";
import { IconCheck, IconCircleDashed, IconPlayerPlay } from "@tabler/icons-react";
import type { StageProgress, StageState } from "../utils/stage-progress";

const LOOK: Record<StageState, { color: string; label: string; icon: typeof IconCheck }> = {
  done: { color: "teal", label: "Done", icon: IconCheck },
  current: { color: "blue", label: "Current", icon: IconPlayerPlay },
  upcoming: { color: "gray", label: "Upcoming", icon: IconCircleDashed },
};

/** The five engagement stages, each marked done, current or upcoming (docs/RULES.md, Engagement stages). */
export function StageStrip({ progress }: { progress: StageProgress }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group grow gap="xs" wrap="wrap" aria-label="Stage progress" role="list">
        {progress.stages.map(({ name, state }, i) => {
          const look = LOOK[state];
          const Icon = look.icon;
          return (
            <Group
              key={name}
              role="listitem"
              gap="xs"
              wrap="nowrap"
              data-stage={name}
              data-state={state}
              aria-label={`${name}: ${look.label}`}
              miw={140}
            >
              <ThemeIcon radius="xl" color={look.color} variant={state === "upcoming" ? "light" : "filled"}>
                <Icon size={16} />
              </ThemeIcon>
              <div>
                <Text size="sm" fw={state === "current" ? 700 : 500}>
                  {i + 1}. {name}
                </Text>
                <Badge size="xs" variant="light" color={look.color}>
                  {look.label}
                </Badge>
              </div>
            </Group>
          );
        })}
      </Group>
    </Paper>
  );
}

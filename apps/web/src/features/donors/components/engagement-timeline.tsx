import { Paper, Text, Timeline, Title } from "@mantine/core";
import { formatDate } from "@cultivate/shared";
import { ExpandableText } from "./expandable-text";

export interface TimelineEntry {
  id: string;
  stageName: string;
  createdAt: string;
  aiOutput: string | null;
}

/** docs/RULES.md, Donors: entries as stage name plus date, AI output cut at 100 characters. */
export function EngagementTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Engagement Timeline">
      <Title order={4} mb="sm">
        Engagement Timeline
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed">No engagement history yet.</Text>
      ) : (
        <Timeline bulletSize={18} lineWidth={2} active={entries.length - 1}>
          {entries.map((e) => (
            <Timeline.Item key={e.id} title={`${e.stageName} · ${formatDate(e.createdAt)}`}>
              {e.aiOutput ? <ExpandableText text={e.aiOutput} /> : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}

import { useEffect, useRef, useState } from "react";
import type { ReactNode } from "react";
import { Anchor, Badge, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import { AI_PROVIDERS, formatDateTime, type StageRecommendation } from "@cultivate/shared";
import { ExpandableText } from "@/components/ui/expandable-text";

const when = (iso: string) => formatDateTime(iso);

/** Which provider and model wrote the record; older records may carry neither. */
export function writtenBy(record: Pick<StageRecommendation, "provider" | "model">) {
  if (!record.provider) return "Unknown provider";
  // The provider's own name ("Built-in offline planner"), not the setting's label with its "(no API key)" hint.
  const label = AI_PROVIDERS.find((p) => p.value === record.provider)?.name ?? record.provider;
  return record.model && record.model !== record.provider ? `${label} · ${record.model}` : label;
}

function HistoryEntry({
  record,
  focus,
  actions,
}: {
  record: StageRecommendation;
  focus: boolean;
  actions?: RecordActions;
}) {
  const [showPrompt, setShowPrompt] = useState(false);
  // The record just saved takes the focus: the preview that held it is gone (issue 14, keyboard use).
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Card
      ref={ref}
      tabIndex={focus ? -1 : undefined}
      className="mantine-focus-auto"
      withBorder
      radius="md"
      padding="md"
      data-testid="stage-record"
      data-stage={record.stageName}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge>{record.stageName}</Badge>
            {record.campaignName ? (
              <Badge variant="light" color="grape">
                {record.campaignName}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {when(record.createdAt)}
          </Text>
        </Group>
        {record.kind === "person" ? (
          // Issue 15: a card moved on the pipeline board; a person wrote it, without AI.
          <>
            <Text size="xs" c="dimmed" data-testid="stage-record-provider">
              Recorded by {record.userName ?? record.userEmail ?? "a former user"} on the pipeline board, without AI
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {record.note ?? ""}
            </Text>
          </>
        ) : (
          <>
            <Text size="xs" c="dimmed" data-testid="stage-record-provider">
              Written by {writtenBy(record)}
              {record.promptVersion ? ` · prompt version ${record.promptVersion}` : ""}
              {record.userEmail ? ` · requested by ${record.userEmail}` : ""}
            </Text>
            <ExpandableText text={record.aiOutput ?? ""} testId="stage-output" />
          </>
        )}
        {actions?.(record)}
        {record.prepNotes ? (
          <Text size="xs" c="dimmed">
            Preparation notes: {record.prepNotes}
          </Text>
        ) : null}
        {record.promptSent ? (
          <>
            <Anchor component="button" type="button" size="xs" onClick={() => setShowPrompt((s) => !s)} ta="left">
              {showPrompt ? "Hide the prompt sent" : "Show the prompt sent"}
            </Anchor>
            {showPrompt ? (
              <Code block style={{ whiteSpace: "pre-wrap" }}>
                {record.promptSent}
              </Code>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Saved recommendations, newest first (issue 14): a new one appears at the top, not below the fold. */
/** What the page adds under each record (issue 15: "Make a next step"), composed in by the route. */
export type RecordActions = (record: StageRecommendation) => ReactNode;

export function StageHistory({
  records,
  focusId,
  actions,
}: {
  records: StageRecommendation[];
  focusId?: string | null;
  actions?: RecordActions;
}) {
  const newestFirst = [...records].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Stack gap="sm" aria-label="Saved recommendations">
      <Title order={2} size="h4">
        Recommendation History
      </Title>
      {records.length === 0 ? (
        <Text c="dimmed" size="sm">
          No recommendations saved yet.
        </Text>
      ) : (
        newestFirst.map((r) => <HistoryEntry key={r.id} record={r} focus={r.id === focusId} actions={actions} />)
      )}
    </Stack>
  );
}

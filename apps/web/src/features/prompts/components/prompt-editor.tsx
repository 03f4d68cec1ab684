import { useEffect, useState } from "react";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconDeviceFloppy, IconHistory, IconRestore } from "@tabler/icons-react";
import {
  NETWORK_ERROR_MESSAGE,
  formatDateTime,
  PROMPT_MESSAGES,
  STAGES,
  type StageName,
  type StagePrompt,
} from "@cultivate/shared";
import { AccessDenied } from "@/components/ui/access-denied";
import { ApiClientError, errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { usePrompts, usePromptVersions, useRestorePrompt, useSavePrompt } from "../api/prompts";

const formatSaved = (iso: string | null) => formatDateTime(iso);

function VersionHistory({ stage }: { stage: StageName }) {
  const { data, isPending, isError, error } = usePromptVersions(stage, true);
  useEffect(() => {
    if (isError) notify.error(PROMPT_MESSAGES.historyFailed(stage, errorMessage(error, NETWORK_ERROR_MESSAGE)));
  }, [isError, error, stage]);
  if (isPending) return <Skeleton height={40} />;
  if (isError) return null;
  return (
    <Stack gap={6} data-testid={`prompt-versions-${stage}`}>
      {data.map((v) => (
        <Card key={v.version} withBorder padding="xs" radius="sm">
          <Text size="xs" c="dimmed">
            Version {v.version} · {formatSaved(v.editedAt)}
            {v.editedBy ? ` · ${v.editedBy}` : " · shipped default"}
          </Text>
          <Text size="sm" lineClamp={3} style={{ whiteSpace: "pre-wrap" }}>
            {v.promptText}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function StagePromptCard({ prompt }: { prompt: StagePrompt }) {
  const stage = prompt.stageName;
  const [draft, setDraft] = useState(prompt.promptText);
  // A save or restore replaces the current prompt: start editing from it. (The card is not remounted,
  // so the mutation callbacks below still run.)
  const [base, setBase] = useState(prompt.promptText);
  if (base !== prompt.promptText) {
    setBase(prompt.promptText);
    setDraft(prompt.promptText);
  }
  const [showHistory, setShowHistory] = useState(false);
  const save = useSavePrompt();
  const restore = useRestorePrompt();
  const dirty = draft !== prompt.promptText;

  const onSave = () =>
    save.mutate(
      { stage, promptText: draft },
      {
        onSuccess: () => notify.success(PROMPT_MESSAGES.saved(stage)),
        onError: (e) => notify.error(PROMPT_MESSAGES.saveFailed(stage, errorMessage(e, NETWORK_ERROR_MESSAGE))),
      },
    );

  const onRestore = () =>
    restore.mutate(stage, {
      onSuccess: () => notify.success(PROMPT_MESSAGES.restored(stage)),
      onError: (e) => {
        // Fewer than two versions is a warning, not a failure (docs/RULES.md, Prompts).
        if (e instanceof ApiClientError && e.status === 400)
          notify.warning(e.message || PROMPT_MESSAGES.noEarlier(stage));
        else notify.error(PROMPT_MESSAGES.restoreFailed(stage, errorMessage(e, NETWORK_ERROR_MESSAGE)));
      },
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid={`prompt-${stage}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {stage}
            </Title>
            <Text size="sm" c="dimmed">
              Last saved: {formatSaved(prompt.lastSavedAt)}
            </Text>
          </div>
          <Group gap="xs">
            <Badge variant="light">Version {prompt.version}</Badge>
            {dirty ? (
              <Badge variant="light" color="orange">
                Unsaved changes
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Textarea label={`${stage} prompt`} rows={3} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} />
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={onSave}
              loading={save.isPending}
              disabled={!draft.trim()}
            >
              Save
            </Button>
            <Button
              variant="default"
              leftSection={<IconRestore size={16} />}
              onClick={onRestore}
              loading={restore.isPending}
            >
              Restore Previous
            </Button>
          </Group>
          <Anchor component="button" type="button" size="sm" onClick={() => setShowHistory((s) => !s)}>
            <Group gap={4} component="span">
              <IconHistory size={14} />
              {showHistory ? "Hide version history" : `Version history (${prompt.versionCount})`}
            </Group>
          </Anchor>
        </Group>
        {showHistory ? <VersionHistory stage={stage} /> : null}
      </Stack>
    </Card>
  );
}

/** The prompt editor (docs/RULES.md, Prompts): one 3-row textarea per stage with Save and Restore Previous. */
export function PromptEditor() {
  const { data, isPending, isError, error } = usePrompts();
  if (isError && error instanceof ApiClientError && error.status === 403) {
    return <AccessDenied title="Access Denied" message={PROMPT_MESSAGES.accessDenied} />;
  }
  const byStage = new Map(data?.map((p) => [p.stageName, p]));
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Edit Prompts</Title>
          <Text c="dimmed">
            Each engagement stage has one prompt. The recommendation screen adds the donor&apos;s data, the campaign
            goal, the preparation notes and the earlier stages&apos; summaries to it. Every save keeps a version.
          </Text>
        </div>
        {isError ? (
          <Alert color="red" role="alert">
            {errorMessage(error, "Failed to load the prompts.")}
          </Alert>
        ) : null}
        {isPending
          ? STAGES.map((s) => <Skeleton key={s} height={190} radius="md" />)
          : STAGES.map((stage) => {
              const prompt = byStage.get(stage);
              return prompt ? <StagePromptCard key={stage} prompt={prompt} /> : null;
            })}
      </Stack>
    </Container>
  );
}

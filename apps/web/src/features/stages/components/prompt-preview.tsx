import { useEffect, useRef } from "react";
import { Badge, Button, Group, Paper, Stack, Textarea, Title } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import type { StagePromptPreview } from "../hooks/use-stage-workspace";

interface PromptPreviewProps {
  preview: StagePromptPreview;
  stage: string;
  generating: boolean;
  onEdit: (prompt: string) => void;
  onDiscard: () => void;
  onSubmit: () => void;
}

/** The prompt the server built, editable before it is sent to the AI provider. */
export function PromptPreview({ preview, stage, generating, onEdit, onDiscard, onSubmit }: PromptPreviewProps) {
  // The preview is what the user asked for: it takes the focus, so a keyboard user lands on it (issue 14).
  const promptRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => promptRef.current?.focus(), []);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Prompt Preview
          </Title>
          <Badge variant="light">{preview.providerLabel}</Badge>
        </Group>
        <Textarea
          ref={promptRef}
          label="Prompt (you can edit it before sending)"
          description={`${stage} prompt, version ${preview.promptVersion}`}
          autosize
          minRows={8}
          maxRows={20}
          value={preview.prompt}
          onChange={(e) => onEdit(e.currentTarget.value)}
          disabled={generating}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDiscard} disabled={generating}>
            Discard
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            onClick={onSubmit}
            loading={generating}
            disabled={!preview.prompt.trim()}
          >
            Submit Prompt
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

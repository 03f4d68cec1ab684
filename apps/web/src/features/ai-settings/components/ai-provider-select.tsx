import { useState } from "react";
import { Alert, Badge, Button, Group, Modal, Select, Skeleton, Stack, Text } from "@mantine/core";
import {
  AI_PROVIDER_SWITCH_TITLE,
  AI_PROVIDER_UPDATE_FAILED,
  AI_PROVIDERS,
  AI_SETTINGS_NOT_CONFIGURED,
  aiProviderIdSchema,
  aiProviderLabel,
  ONLY_ADMIN_AI_PROVIDER,
  ONLY_ADMIN_SETTING,
  aiProviderNoKeyWarning,
  aiProviderSwitchMessage,
  type AiProviderId,
  type AiSetting,
} from "@cultivate/shared";
import { notify } from "@/lib/notify";
import { useAiSetting, useUpdateAiProvider } from "../api/ai-setting";

interface AiProviderSelectProps {
  /** Only admins may change the global provider (docs/RULES.md, AI provider); others see it disabled with the two hints. */
  canEdit: boolean;
}

const optionsOf = (setting: AiSetting | undefined, showKeys: boolean) =>
  AI_PROVIDERS.map((p) => {
    const info = setting?.available.find((a) => a.value === p.value);
    // The offline planner needs no key; its label already says so. Only admins hear about keys (issue 14).
    const missingKey = showKeys && info ? !info.ready && p.value !== "offline" : false;
    return { value: p.value, label: missingKey ? `${p.label} (no API key)` : p.label };
  });

/** The global AI provider selector of the admin dashboard's AI Configuration block (docs/RULES.md, AI provider). */
export function AiProviderSelect({ canEdit }: AiProviderSelectProps) {
  const { data: setting, isPending, isError } = useAiSetting();
  const update = useUpdateAiProvider();
  // Shown optimistically while saving; cleared (reverting to the saved value) on failure.
  const [pending, setPending] = useState<AiProviderId | null>(null);
  const [failed, setFailed] = useState(false);
  // The provider the admin picked, waiting for their confirmation: the switch applies to everyone at once.
  const [asked, setAsked] = useState<AiProviderId | null>(null);

  if (isPending) return <Skeleton height={60} data-testid="ai-provider-loading" />;

  // docs/RULES.md, AI provider: when loading fails the default provider (openai) applies.
  const saved: AiProviderId = setting?.provider ?? "openai";
  const value = pending ?? saved;
  const current = setting?.available.find((a) => a.value === value);

  const askedInfo = asked ? setting?.available.find((a) => a.value === asked) : undefined;
  // No key (the server says which providers are ready): every recommendation would fail.
  const askedHasNoKey = Boolean(asked && askedInfo && !askedInfo.ready);

  const change = (next: string | null) => {
    const parsed = aiProviderIdSchema.safeParse(next);
    if (!parsed.success || parsed.data === saved) return;
    setAsked(parsed.data);
  };

  const confirm = () => {
    if (!asked) return;
    const next = asked;
    setAsked(null);
    setFailed(false);
    setPending(next);
    update.mutate(next, {
      onSuccess: (s) => notify.success(`AI provider set to ${aiProviderLabel(s.provider)}.`),
      onError: () => setFailed(true),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Stack gap="xs" data-testid="ai-provider-setting">
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={AI_PROVIDER_SWITCH_TITLE}
        data-testid="ai-provider-confirm"
      >
        {asked ? (
          <Stack gap="md">
            {askedHasNoKey ? (
              <Alert color="red" variant="light" data-testid="ai-provider-no-key-warning">
                {aiProviderNoKeyWarning(aiProviderLabel(asked))}
              </Alert>
            ) : null}
            <Text size="sm">{aiProviderSwitchMessage(aiProviderLabel(asked))}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsked(null)}>
                Cancel
              </Button>
              <Button color={askedHasNoKey ? "red" : undefined} onClick={confirm}>
                {askedHasNoKey ? "Switch anyway" : "Switch provider"}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      {/* Issue 14: configuration warnings are the admins' business; others just see the provider in use. */}
      {canEdit && (isError || (setting && !setting.configured)) ? (
        <Alert color="yellow" variant="light" py="xs">
          {AI_SETTINGS_NOT_CONFIGURED}
        </Alert>
      ) : null}
      <Select
        label="AI Provider"
        data={optionsOf(setting, canEdit)}
        value={value}
        onChange={change}
        disabled={!canEdit || update.isPending}
        allowDeselect={false}
        maw={420}
        description={canEdit ? undefined : ONLY_ADMIN_AI_PROVIDER}
        error={failed ? AI_PROVIDER_UPDATE_FAILED : undefined}
      />
      {current ? (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            Model: {current.model}
          </Text>
          {current.ready || !canEdit ? null : (
            <Badge size="xs" color="orange" variant="light">
              no API key on this server
            </Badge>
          )}
        </Group>
      ) : null}
      {canEdit ? null : (
        <Text size="xs" c="dimmed">
          {ONLY_ADMIN_SETTING}
        </Text>
      )}
    </Stack>
  );
}

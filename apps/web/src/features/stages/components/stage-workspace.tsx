import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconArrowLeft, IconCheck, IconDeviceFloppy, IconEye, IconRefresh, IconSend } from "@tabler/icons-react";
import {
  EMPTY_VALUE,
  formatMoney,
  STAGE_MESSAGES,
  STAGES,
  type StageName,
  type StageStreamEvent,
  type StageWorkspace as Workspace,
} from "@cultivate/shared";
import { ApiClientError, errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import {
  StageGenerationError,
  StageSaveError,
  useGenerateStage,
  usePreviewStagePrompt,
  useResetStages,
  useSaveCampaignGoal,
  type StageRequest,
} from "../api/stages";
import { StageHistory, writtenBy } from "./stage-history";

interface StageWorkspaceProps {
  workspace: Workspace;
  /** False while the signed-in user's organisation is still loading: Preview stays disabled (docs/RULES.md, AI recommendations). */
  organizationKnown: boolean;
  /** The global AI provider selector, composed in by the page (read-only for non-admins). */
  providerSlot?: ReactNode;
}

type Preview = { prompt: string; providerLabel: string; promptVersion: number };
type Streaming = { text: string; provider: string; model: string };

const nextDefault = (done: Iterable<string>): StageName => {
  const set = new Set(done);
  // When all five are done there is no "first stage without a record"; Follow-Up is the natural next one.
  return STAGES.find((s) => !set.has(s)) ?? "Follow-Up";
};

/** Donor details and the stage recommendation (docs/RULES.md, AI recommendations). */
export function StageWorkspace({ workspace, organizationKnown, providerSlot }: StageWorkspaceProps) {
  const { donor, campaigns, goals, stages } = workspace;
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [stage, setStage] = useState<StageName>(workspace.defaultStage ?? nextDefault(stages.map((s) => s.stageName)));
  const [prepNotes, setPrepNotes] = useState("");
  const [goalDraft, setGoalDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saveFailed, setSaveFailed] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [streaming, setStreaming] = useState<Streaming | null>(null);

  const saveGoal = useSaveCampaignGoal(donor.id);
  const previewMutation = usePreviewStagePrompt(donor.id);
  const generate = useGenerateStage(donor.id);
  const reset = useResetStages(donor.id);

  const campaign = campaigns.find((c) => c.id === campaignId) ?? null;
  const savedGoal = goals.find((g) => g.campaignId === campaignId)?.goalText ?? "";
  const goalText = goalDraft ?? savedGoal;
  const goalDirty = campaignId !== null && goalDraft !== null && goalDraft !== savedGoal;
  const doneStages = new Set(stages.map((s) => s.stageName));
  const working = previewMutation.isPending || generate.isPending || saveGoal.isPending;
  const needsCampaign = stage === "Discovery" && !campaignId;

  const request = (): StageRequest => ({ stage, campaignId, prepNotes });

  const assigned = campaignId !== null && goals.some((g) => g.campaignId === campaignId);
  /** Saving the goal also assigns the donor to the campaign (its donor count), so a recommendation for a campaign always does. */
  const persistGoal = async () => {
    if (!campaignId || (!goalDirty && assigned)) return;
    await saveGoal.mutateAsync({ campaignId, goalText: goalText });
    setGoalDraft(null);
  };

  const onSaveGoal = () =>
    persistGoal().then(
      () => notify.success("Campaign goal saved."),
      (e: unknown) => notify.error(`Failed to save the campaign goal: ${errorMessage(e, "Network error")}`),
    );

  const onPreview = async () => {
    setProblem(null);
    setSaveFailed(null);
    // The same rules the server enforces (docs/RULES.md, AI recommendations).
    if (stage === "Discovery" && !campaignId) return setProblem(STAGE_MESSAGES.discoveryNeedsCampaign);
    if (stage !== "Discovery" && !prepNotes.trim()) return setProblem(STAGE_MESSAGES.prepNotesRequired);
    try {
      await persistGoal();
    } catch (e) {
      return notify.error(`Failed to save the campaign goal: ${errorMessage(e, "Network error")}`);
    }
    previewMutation.mutate(request(), {
      onSuccess: (p) => setPreview({ prompt: p.prompt, providerLabel: p.providerLabel, promptVersion: p.promptVersion }),
      onError: (e) => {
        if (e instanceof ApiClientError && e.status === 400) setProblem(e.message);
        else notify.error(STAGE_MESSAGES.generationFailedBecause(errorMessage(e, STAGE_MESSAGES.generationFailed)));
      },
    });
  };

  const onSubmit = () => {
    if (!preview) return;
    setProblem(null);
    setSaveFailed(null);
    setStreaming({ text: "", provider: "", model: "" });
    const onEvent = (event: StageStreamEvent) => {
      if (event.type === "start") setStreaming((s) => ({ text: s?.text ?? "", provider: event.provider, model: event.model }));
      else if (event.type === "token") setStreaming((s) => (s ? { ...s, text: s.text + event.text } : s));
    };
    generate.mutate(
      { body: { ...request(), prompt: preview.prompt }, onEvent },
      {
        onSuccess: (record) => {
          notify.success(`${record.stageName} recommendation saved.`);
          setStreaming(null);
          setPreview(null);
          setPrepNotes("");
          setStage(nextDefault([...doneStages, record.stageName]));
        },
        onError: (e) => {
          setStreaming(null);
          if (e instanceof ApiClientError && e.status === 400) setProblem(e.message);
          // The provider's or the server's reason (docs/RULES.md, AI recommendations: "Failed to generate AI recommendation: {reason}").
          else if (e instanceof ApiClientError || e instanceof StageGenerationError) {
            notify.error(STAGE_MESSAGES.generationFailedBecause(e.message));
          } else if (e instanceof StageSaveError) setSaveFailed(STAGE_MESSAGES.saveFailed);
          // Network failure or an unreadable answer: the alert variant.
          else setSaveFailed(STAGE_MESSAGES.generationFailed);
        },
      },
    );
  };

  const onReset = () =>
    modals.openConfirmModal({
      title: "Reset All Stages",
      children: <Text size="sm">{STAGE_MESSAGES.resetConfirm}</Text>,
      labels: { confirm: "Reset All Stages", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        reset.mutate(undefined, {
          onSuccess: (r) => {
            setStage("Discovery");
            setPreview(null);
            setProblem(null);
            setSaveFailed(null);
            notify.success(`All stages reset (${r.deleted} recommendation${r.deleted === 1 ? "" : "s"} deleted).`);
          },
          onError: (e) => notify.error(`Failed to reset the stages: ${errorMessage(e, "Network error")}`),
        }),
    });

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={6}>
            <Title order={1}>{donor.name}</Title>
            <Group gap="md">
              <Text size="sm">
                <Text span c="dimmed">
                  DS Rating:{" "}
                </Text>
                <Text span fw={600}>
                  {donor.dsRating || EMPTY_VALUE}
                </Text>
              </Text>
              <Text size="sm">
                <Text span c="dimmed">
                  Estimated Capacity:{" "}
                </Text>
                <Text span fw={600}>
                  {formatMoney(donor.estimatedCapacity)}
                </Text>
              </Text>
              <Badge variant="outline" color="grape">
                {donor.organizationName}
              </Badge>
              <Badge variant="light" data-testid="current-stage">
                {workspace.currentStage === "Complete" ? "All stages completed" : `Current stage: ${workspace.currentStage}`}
              </Badge>
            </Group>
          </Stack>
          <Button component={Link} to={`/donor/${donor.id}/dashboard`} variant="light" leftSection={<IconArrowLeft size={16} />}>
            Donor Dashboard
          </Button>
        </Group>
      </Paper>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              <Title order={2} size="h4">
                Stage Recommendation
              </Title>
              <Select
                label="Campaign"
                placeholder={campaigns.length ? "Select a campaign" : "No active campaigns"}
                data={campaigns.map((c) => ({ value: c.id, label: c.name }))}
                value={campaignId}
                onChange={(v) => {
                  setCampaignId(v);
                  setGoalDraft(null);
                  setProblem(null);
                }}
                clearable
                searchable
                disabled={working}
              />
              {campaign ? (
                <Stack gap={4}>
                  <Textarea
                    label="Campaign Goal for this Donor"
                    description={`Campaign goal: ${campaign.goal}`}
                    autosize
                    minRows={2}
                    value={goalText}
                    onChange={(e) => setGoalDraft(e.currentTarget.value)}
                    disabled={working}
                  />
                  <Group justify="flex-end">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconDeviceFloppy size={14} />}
                      onClick={() => void onSaveGoal()}
                      disabled={!goalDirty || working}
                      loading={saveGoal.isPending}
                    >
                      Save Goal
                    </Button>
                  </Group>
                </Stack>
              ) : null}
              <Select
                label="Stage"
                data={STAGES.map((s) => ({ value: s, label: s }))}
                value={stage}
                onChange={(v) => {
                  if (v) setStage(v as StageName);
                  setProblem(null);
                }}
                allowDeselect={false}
                disabled={working}
                renderOption={({ option }) => (
                  <Group gap="xs" justify="space-between" w="100%">
                    <span>{option.label}</span>
                    {doneStages.has(option.value) ? <IconCheck size={14} aria-label="done" /> : null}
                  </Group>
                )}
              />
              {needsCampaign ? (
                <Text size="sm" c="orange.8">
                  {STAGE_MESSAGES.discoveryNeedsCampaign}
                </Text>
              ) : null}
              <Textarea
                label="Preparation Notes"
                description={
                  stage === "Discovery"
                    ? "Optional for Discovery: what you already know, what you want to learn."
                    : "Required: what happened since the last stage, what you plan next."
                }
                withAsterisk={stage !== "Discovery"}
                autosize
                minRows={3}
                value={prepNotes}
                onChange={(e) => {
                  setPrepNotes(e.currentTarget.value);
                  setProblem(null);
                }}
                disabled={working}
              />
              {providerSlot}
              {!organizationKnown ? (
                <Text size="sm" c="dimmed">
                  {STAGE_MESSAGES.loadingOrganization}
                </Text>
              ) : null}
              {problem ? (
                <Alert color="orange" role="alert" py="xs">
                  {problem}
                </Alert>
              ) : null}
              <Group justify="space-between">
                <Button
                  leftSection={<IconEye size={16} />}
                  onClick={() => void onPreview()}
                  disabled={working || !organizationKnown}
                >
                  {working ? STAGE_MESSAGES.generating : "Preview Prompt"}
                </Button>
                <Button
                  variant="outline"
                  color="red"
                  leftSection={<IconRefresh size={16} />}
                  onClick={onReset}
                  loading={reset.isPending}
                  disabled={working}
                >
                  Reset All Stages
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            {saveFailed ? (
              <Alert color="red" role="alert" withCloseButton onClose={() => setSaveFailed(null)}>
                {saveFailed}
              </Alert>
            ) : null}
            {preview ? (
              <Paper withBorder p="md" radius="md">
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={2} size="h4">
                      Prompt Preview
                    </Title>
                    <Badge variant="light">{preview.providerLabel}</Badge>
                  </Group>
                  <Textarea
                    label="Prompt (you can edit it before sending)"
                    description={`${stage} prompt, version ${preview.promptVersion}`}
                    autosize
                    minRows={8}
                    maxRows={20}
                    value={preview.prompt}
                    onChange={(e) => {
                      const prompt = e.currentTarget.value;
                      setPreview((p) => (p ? { ...p, prompt } : p));
                    }}
                    disabled={generate.isPending}
                  />
                  <Group justify="flex-end">
                    <Button variant="default" onClick={() => setPreview(null)} disabled={generate.isPending}>
                      Discard
                    </Button>
                    <Button
                      leftSection={<IconSend size={16} />}
                      onClick={onSubmit}
                      loading={generate.isPending}
                      disabled={!preview.prompt.trim()}
                    >
                      Submit Prompt
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : null}
            {streaming ? (
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
            ) : null}
            <StageHistory records={stages} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

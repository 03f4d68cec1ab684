import type { ReactNode } from "react";
import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconCheck, IconEye, IconRefresh } from "@tabler/icons-react";
import { STAGE_MESSAGES, STAGES } from "@cultivate/shared";
import type { StageWorkspaceState } from "../hooks/use-stage-workspace";
import { CampaignGoalPicker } from "./campaign-goal-picker";

interface StageRequestFormProps {
  state: StageWorkspaceState;
  organizationKnown: boolean;
  providerSlot?: ReactNode;
  /** Asks for confirmation, then resets every stage. */
  onReset: () => void;
}

/** What the recommendation is asked for: campaign and goal, stage, preparation notes; Preview and Reset. */
export function StageRequestForm({ state, organizationKnown, providerSlot, onReset }: StageRequestFormProps) {
  const { stage, working } = state;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Stage Recommendation
        </Title>
        <CampaignGoalPicker state={state.campaign} disabled={working} />
        <Select
          label="Stage"
          data={STAGES.map((s) => ({ value: s, label: s }))}
          value={stage}
          onChange={state.selectStage}
          allowDeselect={false}
          disabled={working}
          renderOption={({ option }) => (
            <Group gap="xs" justify="space-between" w="100%">
              <span>{option.label}</span>
              {state.doneStages.has(option.value) ? <IconCheck size={14} aria-label="done" /> : null}
            </Group>
          )}
        />
        {state.needsCampaign ? (
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
          value={state.prepNotes}
          onChange={(e) => state.editPrepNotes(e.currentTarget.value)}
          disabled={working}
        />
        {providerSlot}
        {!organizationKnown ? (
          <Text size="sm" c="dimmed">
            {STAGE_MESSAGES.loadingOrganization}
          </Text>
        ) : null}
        {state.problem ? (
          <Alert color="orange" role="alert" py="xs">
            {state.problem}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button
            ref={state.previewButtonRef}
            leftSection={<IconEye size={16} />}
            onClick={() => void state.previewPrompt()}
            disabled={working || !organizationKnown}
          >
            {working ? STAGE_MESSAGES.generating : "Preview Prompt"}
          </Button>
          <Button
            variant="outline"
            color="red"
            leftSection={<IconRefresh size={16} />}
            onClick={onReset}
            loading={state.resetting}
            disabled={working}
          >
            Reset All Stages
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

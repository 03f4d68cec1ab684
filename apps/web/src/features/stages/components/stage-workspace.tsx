import type { ReactNode } from "react";
import { Alert, Grid, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { STAGE_MESSAGES, type StageWorkspace as Workspace } from "@cultivate/shared";
import { useStageWorkspaceState } from "../hooks/use-stage-workspace";
import { PromptPreview } from "./prompt-preview";
import { StageDonorHeader } from "./stage-donor-header";
import { StageHistory, type RecordActions } from "./stage-history";
import { StageRequestForm } from "./stage-request-form";
import { StreamOutput } from "./stream-output";

interface StageWorkspaceProps {
  workspace: Workspace;
  /** False while the signed-in user's organisation is still loading: Preview stays disabled (docs/RULES.md, AI recommendations). */
  organizationKnown: boolean;
  /** The global AI provider selector, composed in by the page (read-only for non-admins). */
  providerSlot?: ReactNode;
  /** Under each saved recommendation (issue 15: "Make a next step"), composed in by the page. */
  recordActions?: RecordActions;
}

/** Donor details and the stage recommendation (docs/RULES.md, AI recommendations). */
export function StageWorkspace({ workspace, organizationKnown, providerSlot, recordActions }: StageWorkspaceProps) {
  const state = useStageWorkspaceState(workspace);

  const confirmReset = () =>
    modals.openConfirmModal({
      title: "Reset All Stages",
      children: <Text size="sm">{STAGE_MESSAGES.resetConfirm}</Text>,
      labels: { confirm: "Reset All Stages", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: state.resetStages,
    });

  return (
    <Stack gap="lg">
      <StageDonorHeader donor={workspace.donor} currentStage={workspace.currentStage} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <StageRequestForm
            state={state}
            organizationKnown={organizationKnown}
            providerSlot={providerSlot}
            onReset={confirmReset}
          />
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            {state.saveFailed ? (
              <Alert color="red" role="alert" withCloseButton onClose={state.dismissSaveFailed}>
                {state.saveFailed}
              </Alert>
            ) : null}
            {state.preview ? (
              <PromptPreview
                preview={state.preview}
                stage={state.stage}
                generating={state.generating}
                onEdit={state.editPrompt}
                onDiscard={state.discardPreview}
                onSubmit={state.submitPrompt}
              />
            ) : null}
            {state.streaming ? <StreamOutput streaming={state.streaming} /> : null}
            <StageHistory records={workspace.stages} focusId={state.savedId} actions={recordActions} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

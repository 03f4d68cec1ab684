import { Button, Group, Select, Stack, Textarea } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import type { StageWorkspaceState } from "../hooks/use-stage-workspace";

/** The campaign select and, once a campaign is chosen, the donor's goal for it with its Save button. */
export function CampaignGoalPicker({ state, disabled }: { state: StageWorkspaceState["campaign"]; disabled: boolean }) {
  const { campaigns, campaign } = state;
  return (
    <>
      <Select
        label="Campaign"
        placeholder={campaigns.length ? "Select a campaign" : "No active campaigns"}
        data={campaigns.map((c) => ({ value: c.id, label: c.name }))}
        value={state.campaignId}
        onChange={state.select}
        clearable
        searchable
        disabled={disabled}
      />
      {campaign ? (
        <Stack gap={4}>
          <Textarea
            label="Campaign Goal for this Donor"
            description={`Campaign goal: ${campaign.goal}`}
            autosize
            minRows={2}
            value={state.goalText}
            onChange={(e) => state.editGoal(e.currentTarget.value)}
            disabled={disabled}
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDeviceFloppy size={14} />}
              onClick={() => void state.saveGoal()}
              disabled={!state.goalDirty || disabled}
              loading={state.savingGoal}
            >
              Save Goal
            </Button>
          </Group>
        </Stack>
      ) : null}
    </>
  );
}

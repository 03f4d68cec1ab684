import { Link } from "react-router";
import { Anchor, Button, Group, Select, Stack, Text, Textarea } from "@mantine/core";
import { IconDeviceFloppy, IconPlus } from "@tabler/icons-react";
import { STAGE_MESSAGES } from "@cultivate/shared";
import { useMe } from "@/features/auth/api/get-me";
import { can } from "@/lib/permissions";
import type { StageWorkspaceState } from "../hooks/use-stage-workspace";

/**
 * Issue 14: with no campaign to pick, the next step: a link that opens the New Campaign form, or who can
 * create one for a user who may not.
 */
function NoCampaignsHint() {
  const { data: me } = useMe();
  if (!can(me, "manageCampaigns"))
    return (
      <Text size="sm" c="dimmed">
        {STAGE_MESSAGES.noCampaignsAskSomeone}
      </Text>
    );
  const page = can(me, "viewAllCampaigns") ? "/admin/campaigns" : "/campaigns";
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" c="dimmed">
        {STAGE_MESSAGES.noCampaigns}
      </Text>
      <Anchor component={Link} to={`${page}?new=1`} size="sm">
        <Group gap={4} component="span">
          <IconPlus size={14} aria-hidden />
          Create a campaign
        </Group>
      </Anchor>
    </Group>
  );
}

/** The campaign select and, once a campaign is chosen, the donor's goal for it with its Save button. */
export function CampaignGoalPicker({ state, disabled }: { state: StageWorkspaceState["campaign"]; disabled: boolean }) {
  const { campaigns, campaign } = state;
  return (
    <>
      <Stack gap={4}>
        <Select
          label="Campaign"
          placeholder={campaigns.length ? "Select a campaign" : "No active campaigns"}
          data={campaigns.map((c) => ({ value: c.id, label: c.name }))}
          value={state.campaignId}
          onChange={state.select}
          clearable
          searchable
          disabled={disabled || campaigns.length === 0}
        />
        {campaigns.length === 0 ? <NoCampaignsHint /> : null}
      </Stack>
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

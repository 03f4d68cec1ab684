import { Group, List, Paper, RingProgress, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuilding, IconRobot, IconSpeakerphone, IconUpload, IconUserHeart, IconUsers } from "@tabler/icons-react";
import { formatShare, plural, type OfficerDashboard as OfficerDashboardData } from "@cultivate/shared";
import { useOfficerDashboard } from "../api/dashboards";
import { DashboardFrame, QuickAction, QuickActions, StatCard } from "./dashboard-parts";
import { PipelineChart } from "./pipeline-chart";

function Performance({ data }: { data: OfficerDashboardData }) {
  const rate = data.donorsInOwnCampaigns ? (data.completedDonors / data.donorsInOwnCampaigns) * 100 : 0;
  const shown = formatShare(data.completedDonors, data.donorsInOwnCampaigns);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="performance">
      <Title order={2} size="h4" mb="sm">
        Your Performance
      </Title>
      <Group>
        <RingProgress
          size={110}
          thickness={10}
          sections={[{ value: rate, color: "teal" }]}
          role="img"
          aria-label={`${shown} of the donors in your campaigns completed all five stages`}
          label={
            <Stack gap={0} align="center" aria-hidden>
              <Text fw={700}>{shown}</Text>
              <Text size="xs" c="dimmed">
                completed
              </Text>
            </Stack>
          }
        />
        <Stack gap={4}>
          <Text>{`${data.ownActiveCampaigns} active of ${plural(data.ownCampaignsTotal, "campaign")} you own`}</Text>
          <Text>{`${plural(data.donorsInOwnCampaigns, "donor")} in your campaigns`}</Text>
          <Text>{`${plural(data.completedDonors, "donor")} completed all five stages`}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function GettingStarted() {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="getting-started">
      <Title order={2} size="h4" mb="sm">
        Getting Started
      </Title>
      <List spacing="md" center>
        <List.Item
          icon={
            <ThemeIcon radius="xl" variant="light">
              <IconSpeakerphone size={16} />
            </ThemeIcon>
          }
        >
          <Text fw={600}>1. Create your first campaign</Text>
          <Text size="sm" c="dimmed">
            Set a goal and dates for your fundraising campaign.
          </Text>
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon radius="xl" variant="light">
              <IconUpload size={16} />
            </ThemeIcon>
          }
        >
          <Text fw={600}>2. Upload or assign donors</Text>
          <Text size="sm" c="dimmed">
            Import a CSV export or pick donors from your organization's list.
          </Text>
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon radius="xl" variant="light">
              <IconRobot size={16} />
            </ThemeIcon>
          }
        >
          <Text fw={600}>3. Start engagement with AI-powered recommendations</Text>
          <Text size="sm" c="dimmed">
            Work through the five stages with advice for each donor.
          </Text>
        </List.Item>
      </List>
    </Paper>
  );
}

/** The officer dashboard (docs/RULES.md, Dashboards). */
export function OfficerDashboard() {
  const query = useOfficerDashboard(true);
  return (
    <DashboardFrame query={query} kicker="Organization Officer Dashboard">
      {(data) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <StatCard
              label="Your Active Campaigns"
              value={data.ownActiveCampaigns}
              icon={<IconSpeakerphone size={22} />}
            />
            <StatCard
              label="Donors in Your Campaigns"
              value={data.donorsInOwnCampaigns}
              icon={<IconUserHeart size={22} />}
            />
            <StatCard label="Total Organization Donors" value={data.totalDonors} icon={<IconBuilding size={22} />} />
            <StatCard label="Users in Organization" value={data.users} icon={<IconUsers size={22} />} />
          </SimpleGrid>
          {data.ownCampaignsTotal > 0 ? <Performance data={data} /> : <GettingStarted />}
          <PipelineChart stages={data.pipeline} title="Your Campaign Donors Pipeline" />
          <QuickActions cols={2}>
            <QuickAction to="/campaigns" label="My Campaigns" icon={<IconSpeakerphone size={16} />} />
            <QuickAction to="/donors" label="View Donors" icon={<IconUserHeart size={16} />} />
          </QuickActions>
        </>
      )}
    </DashboardFrame>
  );
}

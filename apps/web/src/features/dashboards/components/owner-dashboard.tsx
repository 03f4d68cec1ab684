import type { ReactNode } from "react";
import { SimpleGrid } from "@mantine/core";
import { IconSpeakerphone, IconUserHeart, IconUsers } from "@tabler/icons-react";
import { useOwnerDashboard } from "../api/dashboards";
import { DashboardFrame, QuickAction, QuickActions, StatCard } from "./dashboard-parts";
import { PipelineChart } from "./pipeline-chart";
import { PortfolioCard } from "./portfolio-card";

/** The owner dashboard (docs/RULES.md, Dashboards); `settings`: the organisation's settings card, below the portfolios. */
export function OwnerDashboard({ settings }: { settings?: ReactNode }) {
  const query = useOwnerDashboard(true);
  return (
    <DashboardFrame query={query} kicker="Organization Owner Dashboard">
      {(data) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <StatCard label="Active Campaigns" value={data.activeCampaigns} icon={<IconSpeakerphone size={22} />} />
            <StatCard label="Total Donors" value={data.totalDonors} icon={<IconUserHeart size={22} />} />
            <StatCard label="Users in Organization" value={data.users} icon={<IconUsers size={22} />} />
          </SimpleGrid>
          <PipelineChart stages={data.pipeline} title="Donor Pipeline" />
          <PortfolioCard />
          {settings}
          <QuickActions cols={3}>
            <QuickAction to="/admin/campaigns" label="Manage Campaigns" icon={<IconSpeakerphone size={16} />} />
            <QuickAction to="/donors" label="View Donors" icon={<IconUserHeart size={16} />} />
            <QuickAction to="/admin/users" label="Manage Users" icon={<IconUsers size={16} />} />
          </QuickActions>
        </>
      )}
    </DashboardFrame>
  );
}

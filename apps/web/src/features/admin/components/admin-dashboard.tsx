import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge, Button, Card, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconBuilding,
  IconChartBar,
  IconHistory,
  IconPencil,
  IconPlus,
  IconRobot,
  IconSpeakerphone,
  IconUserHeart,
  IconUsers,
} from "@tabler/icons-react";
import { useOverview } from "../api/overview";
import { formatNumber } from "@cultivate/shared";

interface DashboardCard {
  title: string;
  description: string;
  to: string | null;
  icon: ReactNode;
}

/** docs/RULES.md, Dashboards: the admin dashboard's seven cards. */
const CARDS: DashboardCard[] = [
  {
    title: "Edit Prompts",
    description: "Edit the AI prompt of each engagement stage.",
    to: "/admin/prompts",
    icon: <IconPencil size={22} />,
  },
  {
    title: "Campaign Management",
    description: "Create, edit and archive campaigns.",
    to: "/admin/campaigns",
    icon: <IconSpeakerphone size={22} />,
  },
  {
    title: "Organization Management",
    description: "Create, rename and remove organizations.",
    to: "/admin/organizations",
    icon: <IconBuilding size={22} />,
  },
  {
    title: "User Management",
    description: "Review onboarding applications, approve new users and assign roles.",
    to: "/admin/users",
    icon: <IconUsers size={22} />,
  },
  {
    title: "Donor Management",
    description: "Browse, import and export donor records.",
    to: "/donors",
    icon: <IconUserHeart size={22} />,
  },
  {
    title: "Action History",
    description: "Review what users did and when.",
    to: "/admin/actions",
    icon: <IconHistory size={22} />,
  },
  {
    title: "Analytics & Reports",
    description: "Fundraising analytics across organizations.",
    to: null,
    icon: <IconChartBar size={22} />,
  },
];

function NavCard({ card }: { card: DashboardCard }) {
  const body = (
    <Group wrap="nowrap" align="flex-start">
      <ThemeIcon size={44} radius="md" variant="light" color={card.to ? "teal" : "gray"}>
        {card.icon}
      </ThemeIcon>
      <div>
        <Group gap="xs">
          <Text fw={700}>{card.title}</Text>
          {card.to ? null : <Badge color="gray">Coming Soon</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {card.description}
        </Text>
      </div>
    </Group>
  );
  if (!card.to) {
    return (
      <Card withBorder radius="md" p="lg" aria-disabled="true" style={{ opacity: 0.6, cursor: "not-allowed" }}>
        {body}
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" p="lg" component={Link} to={card.to} aria-label={card.title}>
      {body}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xl" fw={800}>
        {value === undefined ? "…" : formatNumber(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

/** `aiProviderSetting`: the AI provider selector, composed by the page (features do not import each other). */
export function AdminDashboard({ aiProviderSetting }: { aiProviderSetting: ReactNode }) {
  const { data } = useOverview();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>Admin Dashboard</Title>
          <Text c="dimmed">Run the platform: prompts, campaigns, organizations, users and donors.</Text>
        </div>

        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {CARDS.map((card) => (
            <NavCard key={card.title} card={card} />
          ))}
        </SimpleGrid>

        <Paper withBorder radius="md" p="lg">
          <Group gap="xs" mb="sm">
            <IconRobot size={20} />
            <Title order={2} size="h4">
              AI Configuration
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            The AI provider is one global setting: a change applies to every user at once.
          </Text>
          {aiProviderSetting}
        </Paper>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="sm">
              System Overview
            </Title>
            <SimpleGrid cols={3}>
              <Figure label="Donor Records" value={data?.donors} />
              <Figure label="Campaigns" value={data?.campaigns} />
              <Figure label="Stage Prompts" value={data?.stagePrompts} />
            </SimpleGrid>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="sm">
              Quick Actions
            </Title>
            <Stack gap="xs">
              <Button
                component={Link}
                to="/admin/prompts"
                variant="light"
                leftSection={<IconPencil size={16} />}
                justify="flex-start"
              >
                Edit Stage Prompts
              </Button>
              <Button
                component={Link}
                to="/admin/campaigns?new=1"
                variant="light"
                leftSection={<IconPlus size={16} />}
                justify="flex-start"
              >
                Create New Campaign
              </Button>
              <Button
                component={Link}
                to="/admin/organizations"
                variant="light"
                leftSection={<IconBuilding size={16} />}
                justify="flex-start"
              >
                Manage Organizations
              </Button>
              <Button
                component={Link}
                to="/donors"
                variant="light"
                leftSection={<IconUserHeart size={16} />}
                justify="flex-start"
              >
                View All Donors
              </Button>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

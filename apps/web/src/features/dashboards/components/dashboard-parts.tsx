import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import {
  ERROR_LOADING_DASHBOARD,
  FAILED_TO_FETCH_ORGANIZATION,
  ORGANIZATION_NOT_FOUND_FOR_USER,
  formatNumber,
} from "@cultivate/shared";
import { ApiClientError } from "@/lib/api-client";

export function StatCard({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <div>
          <Text size="xl" fw={800} lh={1.2}>
            {formatNumber(value)}
          </Text>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

export function QuickAction({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="light" leftSection={icon} justify="flex-start">
      {label}
    </Button>
  );
}

/** The "Quick Actions" panel of the owner and officer dashboards: QuickAction buttons in `cols` columns. */
export function QuickActions({ cols, children }: { cols: number; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        Quick Actions
      </Title>
      <SimpleGrid cols={{ base: 1, sm: cols }}>{children}</SimpleGrid>
    </Paper>
  );
}

/** docs/RULES.md, Dashboards: "Error Loading Dashboard" with the organisation message. */
export function DashboardError({ error }: { error: unknown }) {
  const message =
    error instanceof ApiClientError && error.status === 404 && error.message === ORGANIZATION_NOT_FOUND_FOR_USER
      ? ORGANIZATION_NOT_FOUND_FOR_USER
      : FAILED_TO_FETCH_ORGANIZATION;
  return (
    <Container size="sm" py="xl">
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={ERROR_LOADING_DASHBOARD}
        icon={<IconAlertTriangle size={20} />}
      >
        {message}
      </Alert>
    </Container>
  );
}

/**
 * The frame both role dashboards share: the error panel, a skeleton while loading, then a
 * heading with the organisation's name above the dashboard's own content.
 */
export function DashboardFrame<T extends { organization: { name: string } }>({
  query,
  kicker,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; error: unknown };
  kicker: string;
  children: (data: T) => ReactNode;
}) {
  if (query.error) return <DashboardError error={query.error} />;
  if (query.isPending || !query.data) {
    return (
      <Container size="lg" py="xl">
        <Skeleton h={300} />
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Text c="dimmed" size="sm" tt="uppercase" fw={700}>
            {kicker}
          </Text>
          <Title order={1}>{query.data.organization.name}</Title>
        </div>
        {children(query.data)}
      </Stack>
    </Container>
  );
}

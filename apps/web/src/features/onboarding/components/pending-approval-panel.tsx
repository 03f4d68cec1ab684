import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconHourglassHigh, IconMail, IconMailOpened } from "@tabler/icons-react";

interface StatusLineProps {
  icon: ReactNode;
  color: string;
  label: string;
  state: string;
}

function StatusLine({ icon, color, label, state }: StatusLineProps) {
  return (
    <Group justify="space-between" wrap="nowrap" component="li">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color={color} variant="light" radius="xl" size={36} aria-hidden>
          {icon}
        </ThemeIcon>
        <Text fw={500}>{label}</Text>
      </Group>
      <Badge color={color} variant="light">
        {state}
      </Badge>
    </Group>
  );
}

interface PendingApprovalPanelProps {
  email: string | null;
  /** The organisation the account applied to (as stored), when known. */
  organizationName?: string | null;
  onContactSupport: () => void;
  contactSupportDisabled: boolean;
}

export function PendingApprovalPanel({
  email,
  organizationName,
  onContactSupport,
  contactSupportDisabled,
}: PendingApprovalPanelProps) {
  return (
    <Container size="sm" py={48}>
      <Paper withBorder shadow="sm" radius="md" p="xl">
        <Stack gap="lg">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={64} radius="xl" variant="light" color="yellow">
              <IconHourglassHigh size={36} />
            </ThemeIcon>
            <Title order={1}>Application Under Review</Title>
            <Text c="dimmed">
              Thanks for telling us about your organization. Our team is reviewing your application and will email you
              once your account is approved.
            </Text>
            {organizationName ? (
              <Text size="sm" data-testid="approval-organization">
                You asked to use <strong>{organizationName}</strong>. Its owner or an administrator decides; until then
                none of the organization&apos;s donors, campaigns or groups are shown to you.
              </Text>
            ) : null}
            {email ? (
              <Text size="sm">
                Signed in as <strong>{email}</strong>
              </Text>
            ) : null}
          </Stack>

          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Application status">
            <StatusLine icon={<IconCircleCheck size={20} />} color="green" label="Application submitted" state="Done" />
            <StatusLine
              icon={<IconHourglassHigh size={20} />}
              color="yellow"
              label="Under review by our team"
              state="In progress"
            />
            <StatusLine icon={<IconMail size={20} />} color="gray" label="Email notification pending" state="Waiting" />
          </Stack>

          <Group justify="center">
            <Button
              leftSection={<IconMailOpened size={18} />}
              onClick={onContactSupport}
              disabled={contactSupportDisabled}
            >
              Contact Support
            </Button>
            <Button component={Link} to="/" variant="default">
              Return to Home
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

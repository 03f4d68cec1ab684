import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconUserX } from "@tabler/icons-react";
import {
  NETWORK_ERROR_MESSAGE,
  formatDate,
  formatNumber,
  userDeclinedMessage,
  type AdminUser,
  type Application,
} from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useDeclineUser } from "../api/users";
import { ApproveUserButton } from "./approve-user";

const answerLines = (a: Application): [string, string | null][] => [
  ["Role", a.role === "other" ? `Other: ${a.otherRole ?? ""}` : a.role],
  ["Phone", a.phoneNumber],
  ["Website", a.website],
  ["Years worked", a.yearsWorked],
  ["Fundraising", [...a.fundraisingTypes, a.otherFundraising].filter(Boolean).join(", ") || null],
  ["Number of donors", a.numDonors === null ? null : String(a.numDonors)],
  ["Annual budget", a.annualBudget],
  ["Full-time staff", a.fullTimeStaff],
  ["CRM / database", a.crmDb],
  ["Software comfort", a.softwareComfort],
  ["AI tools", [a.aiTools, a.aiToolsText].filter(Boolean).join(": ") || null],
  ["How they will use Cultivate", a.cultivateUse],
];

/** One applicant: who, which organisation, every onboarding answer, and the decision. */
function ApplicationCard({ user }: { user: AdminUser }) {
  const decline = useDeclineUser();
  const a = user.application;
  const name = user.name ?? user.email;

  const confirmDecline = () =>
    modals.openConfirmModal({
      title: "Decline application",
      children: (
        <Text size="sm">
          Decline {name} ({user.email})? They are removed from {user.organizationName ?? "the organization"}, lose their
          organization role and are emailed; they can fill in the onboarding form again.
        </Text>
      ),
      labels: { confirm: "Decline", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        decline.mutate(user.id, {
          onSuccess: () => notify.success(userDeclinedMessage(user.email)),
          onError: (err) => notify.error(`Failed to decline user: ${errorMessage(err, NETWORK_ERROR_MESSAGE)}`),
        }),
    });

  return (
    <Paper withBorder radius="md" p="md" data-testid="application" data-email={user.email}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600}>{name}</Text>
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
          </div>
          <Badge color={user.onboardingStatus === "submitted" ? "yellow" : "gray"} variant="light">
            {user.onboardingStatus === "submitted" ? "waiting for approval" : "onboarding not sent"}
          </Badge>
        </Group>
        <Text size="sm">
          Organization: <strong>{user.organizationName ?? "none"}</strong>
          {a && user.organizationName && a.organizationName.toLowerCase() !== user.organizationName.toLowerCase()
            ? ` (the form named "${a.organizationName}")`
            : ""}
        </Text>
        {a ? (
          <>
            <Text size="xs" c="dimmed">
              Applied {formatDate(a.submittedAt)}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} verticalSpacing={2}>
              {answerLines(a).map(([label, value]) => (
                <Text key={label} size="sm">
                  <Text span c="dimmed" size="sm">
                    {label}:
                  </Text>{" "}
                  {value ?? "—"}
                </Text>
              ))}
            </SimpleGrid>
          </>
        ) : null}
        <Group gap="xs" mt="xs">
          <ApproveUserButton user={user} aria-label={`Approve ${user.email}`}>
            Approve
          </ApproveUserButton>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconUserX size={14} />}
            loading={decline.isPending}
            onClick={confirmDecline}
            aria-label={`Decline ${user.email}`}
          >
            Decline
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Issue 11: the applicants waiting for a decision (accounts not approved yet), with their onboarding
 * answers, so an owner or an admin decides knowing who asks; nothing of the organisation is shown to
 * them until then. The server sends the newest APPLICANTS_SHOWN of `total`, whatever the list's search
 * or page.
 */
export function ApplicationsSection({ users, total }: { users: AdminUser[]; total: number }) {
  if (users.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" aria-label="Applications waiting for approval" component="section">
      <Title order={2} size="h4" mb="md">
        Applications waiting for approval ({formatNumber(total)})
      </Title>
      {total > users.length ? (
        <Text size="sm" c="dimmed" mb="sm">
          {`The newest ${users.length} are shown; the others follow as you decide these.`}
        </Text>
      ) : null}
      <Stack gap="sm">
        {users.map((u) => (
          <ApplicationCard key={u.id} user={u} />
        ))}
      </Stack>
    </Paper>
  );
}

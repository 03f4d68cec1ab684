import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Alert, Button, Card, Container, Group, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconPlus } from "@tabler/icons-react";
import {
  formatNumber,
  ISSUE_STATUSES,
  ISSUE_STATUS_LABELS,
  ISSUE_TYPE_LABELS,
  type Issue,
  type IssueStatus,
} from "@cultivate/shared";
import { ListPager } from "@/components/ui/list-pager";
import { PageLoader } from "@/components/ui/page-loader";
import { useIssues } from "../api/get-issues";
import { formatDateTime, IssueStatusBadge, IssueTypeIcon } from "./issue-bits";

const COUNT_COLOR: Record<IssueStatus, string> = { pending: "yellow.7", active: "blue.7", resolved: "green.7" };

function IssueCard({ issue }: { issue: Issue }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`/support/issues/${issue.id}`}
      data-testid="issue-card"
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <IssueTypeIcon type={issue.type} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text fw={600} truncate>
              {issue.title}
            </Text>
            <IssueStatusBadge status={issue.status} />
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {issue.description}
          </Text>
          <Group gap="lg" wrap="wrap">
            <Text size="xs" c="dimmed">
              Type: {ISSUE_TYPE_LABELS[issue.type]}
            </Text>
            <Text size="xs" c="dimmed">
              Submitted: {formatDateTime(issue.submittedAt)}
            </Text>
            <Text size="xs" c="dimmed">
              By: {issue.submitterEmail ?? "Unknown user"}
            </Text>
            <Text size="xs" c="dimmed">
              Organization: {issue.organizationName ?? "No organization"}
            </Text>
            {issue.resolvedAt ? (
              <Text size="xs" c="green.8">
                Resolved: {formatDateTime(issue.resolvedAt)}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * The support dashboard (docs/RULES.md, Support issues): counts, three tabs, each issue linking to its
 * detail, Submit Issue. Each tab asks for its own page of 50 (an admin sees every organisation's).
 */
export function SupportDashboard() {
  const [tab, setTab] = useState<IssueStatus>("pending");
  // Each tab keeps its own page while another is looked at.
  const [pages, setPages] = useState<Record<IssueStatus, number>>({ pending: 1, active: 1, resolved: 1 });
  const { data, isPending, isError, error, isPlaceholderData } = useIssues(tab, pages[tab]);
  // A page past the end (issues moved to another tab meanwhile) goes to the last page.
  const lastPage = data && !isPlaceholderData ? Math.max(1, Math.ceil(data.total / data.pageSize)) : null;
  useEffect(() => {
    if (lastPage !== null && pages[tab] > lastPage) setPages((p) => ({ ...p, [tab]: lastPage }));
  }, [lastPage, pages, tab]);

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="lg">
        <div>
          <Title order={1}>Support</Title>
          <Text c="dimmed">Report a problem or suggest an improvement, and follow it here.</Text>
        </div>
        <Button component={Link} to="/support/submit" leftSection={<IconPlus size={18} />}>
          Submit Issue
        </Button>
      </Group>
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          {`Failed to load issues: ${error.message}`}
        </Alert>
      ) : (
        <Stack gap="lg">
          {/* Three small figures stay side by side on a phone rather than fill its first screen. */}
          <SimpleGrid cols={3} spacing={{ base: "xs", sm: "md" }}>
            {ISSUE_STATUSES.map((status) => (
              <Card key={status} withBorder radius="md" p={{ base: "sm", sm: "lg" }} data-testid={`count-${status}`}>
                <Text size="sm" c="dimmed">
                  {ISSUE_STATUS_LABELS[status]}
                </Text>
                <Text fz={{ base: 24, sm: 32 }} fw={700} c={COUNT_COLOR[status]}>
                  {formatNumber(data.counts[status])}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Tabs value={tab} onChange={(next) => next && setTab(next as IssueStatus)}>
            <Tabs.List>
              {ISSUE_STATUSES.map((status) => (
                <Tabs.Tab key={status} value={status}>
                  {`${ISSUE_STATUS_LABELS[status]} (${data.counts[status]})`}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {ISSUE_STATUSES.map((status) => (
              <Tabs.Panel key={status} value={status} pt="md">
                {status !== tab ? null : isPlaceholderData ? (
                  // The answer on screen is another tab's or page's: wait for this one.
                  <PageLoader />
                ) : data.issues.length ? (
                  <>
                    <Stack gap="sm">
                      {data.issues.map((issue) => (
                        <IssueCard key={issue.id} issue={issue} />
                      ))}
                    </Stack>
                    <ListPager
                      page={data.page}
                      pageSize={data.pageSize}
                      total={data.total}
                      noun="issue"
                      onPage={(page) => setPages((p) => ({ ...p, [status]: page }))}
                      label={`${ISSUE_STATUS_LABELS[status]} issue pages`}
                      testId={`issue-range-${status}`}
                    />
                  </>
                ) : (
                  <Text c="dimmed" ta="center" py="xl">
                    {`No ${ISSUE_STATUS_LABELS[status].toLowerCase()} issues.`}
                  </Text>
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
      )}
    </Container>
  );
}

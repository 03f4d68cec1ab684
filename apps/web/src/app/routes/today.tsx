import { useSearchParams } from "react-router";
import { Card, Container, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { DONOR_MESSAGES, plural, TODAY_SECTIONS } from "@cultivate/shared";
import { useMe } from "@/features/auth/api/get-me";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { useRelationshipManagers } from "@/features/donors/api/portfolio";
import { useNextSteps } from "@/features/next-steps/api/next-steps";
import { NextStepItem, type NextStepItemProps } from "@/features/next-steps/components/next-step-item";
import { useLogContactOffer, useStepAssignees } from "@/app/next-step-actions";
import { useTodayLists } from "@/features/today/api/today";
import { TodayDonorLists } from "@/features/today/components/donor-lists";
import { usePageTitle } from "@/lib/page-title";
import { can } from "@/lib/permissions";

/**
 * /today: the officer's day (issue 15; docs/RULES.md, The officer's day): overdue and due-this-week next
 * steps, and the donors who need attention. Owners and managers may look at a colleague's or everyone's.
 */
export function TodayRoute() {
  return (
    <RequirePermission
      permission="viewDonors"
      deniedTitle={DONOR_MESSAGES.accessDeniedTitle}
      deniedMessage={DONOR_MESSAGES.accessDenied}
    >
      <Today />
    </RequirePermission>
  );
}

function StepList({
  title,
  owner,
  window,
  empty,
  assignees,
  onDone,
}: {
  title: string;
  owner: string;
  window: "overdue" | "week";
  empty: string;
} & Pick<NextStepItemProps, "assignees" | "onDone">) {
  const steps = useNextSteps({ owner, window });
  const items = steps.data ?? [];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {steps.data ? (
          <Text size="sm" c="dimmed">
            {plural(items.length, "step")}
          </Text>
        ) : null}
      </Group>
      {steps.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((s) => (
            <NextStepItem key={s.id} step={s} showDonor assignees={assignees} onDone={onDone} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Today() {
  usePageTitle("Today");
  const me = useMe().data;
  const anyone = can(me, "seeAnyonesNextSteps");
  const [params, setParams] = useSearchParams();
  const colleagues = useRelationshipManagers(undefined, anyone);
  const asked = params.get("owner");
  const owner = anyone && asked ? asked : "mine";
  // The donor lists are of one organisation: an admin who belongs to none has only the next steps.
  const hasOrganization = !!me?.organization;
  const lists = useTodayLists(owner, hasOrganization);
  const others = (colleagues.data ?? []).filter((c) => c.id !== me?.user.id);
  const assignees = useStepAssignees(me?.organization?.id);
  const logContact = useLogContactOffer();
  const actions = { assignees, onDone: logContact.offer };
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>Today</Title>
          {anyone ? (
            <Select
              aria-label="Whose day"
              allowDeselect={false}
              value={owner}
              onChange={(v) => setParams(!v || v === "mine" ? {} : { owner: v })}
              data={[
                { value: "mine", label: "Mine" },
                { value: "all", label: "Everyone" },
                ...others.map((c) => ({ value: c.id, label: c.name ?? c.email })),
              ]}
              w={240}
            />
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <StepList
            title={TODAY_SECTIONS.overdue.title}
            owner={owner}
            window="overdue"
            empty={TODAY_SECTIONS.overdue.empty}
            {...actions}
          />
          <StepList
            title={TODAY_SECTIONS.week.title}
            owner={owner}
            window="week"
            empty={TODAY_SECTIONS.week.empty}
            {...actions}
          />
          {hasOrganization ? (
            <TodayDonorLists lists={lists.data} loading={lists.isPending} showManager={owner !== "mine"} />
          ) : null}
        </SimpleGrid>
        {lists.isError ? (
          <Text size="sm" c="red">
            The donor lists could not be loaded.
          </Text>
        ) : null}
      </Stack>
      {logContact.element}
    </Container>
  );
}

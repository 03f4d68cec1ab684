import type { ReactNode } from "react";
import { Link } from "react-router";
import { Anchor, Card, Group, Stack, Text, Title } from "@mantine/core";
import { formatDate, formatMoney, plural, TODAY_SECTIONS, type TodayLists } from "@cultivate/shared";

type Donor = TodayLists["noContact"]["items"][number] | TodayLists["notStarted"]["items"][number];

/** One card of the officer's day: a title, how many donors, and each donor with a link to their dashboard. */
function DonorCard<D extends Donor>({
  title,
  total,
  items,
  empty,
  loading,
  showManager,
  detail,
}: {
  title: string;
  total: number;
  items: D[];
  empty: string;
  loading: boolean;
  showManager: boolean;
  detail: (d: D) => ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Title order={2} size="h4">
          {title}
        </Title>
        {loading ? null : (
          <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {plural(total, "donor")}
          </Text>
        )}
      </Group>
      {loading ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((d) => (
            <Group key={d.id} justify="space-between" wrap="wrap" gap={4} data-testid="today-donor">
              <Anchor component={Link} to={`/donor/${d.id}/dashboard`} size="sm" fw={500}>
                {d.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {detail(d)}
                {showManager ? ` · ${d.relationshipManager?.name ?? d.relationshipManager?.email ?? "Unassigned"}` : ""}
              </Text>
            </Group>
          ))}
          {total > items.length ? (
            <Text size="xs" c="dimmed">
              …and {total - items.length} more.
            </Text>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}

/** The three donor lists of /today (docs/RULES.md, The officer's day). */
export function TodayDonorLists({
  lists,
  loading,
  showManager,
}: {
  lists: TodayLists | undefined;
  loading: boolean;
  showManager: boolean;
}) {
  const days = lists?.noContact.days;
  return (
    <>
      <DonorCard
        title={days ? TODAY_SECTIONS.noContact.title(days) : "No contact"}
        total={lists?.noContact.total ?? 0}
        items={lists?.noContact.items ?? []}
        loading={loading}
        showManager={showManager}
        empty={days ? TODAY_SECTIONS.noContact.empty(days) : "Everyone has been contacted recently."}
        detail={(d) =>
          d.daysSinceContact === null
            ? "Never contacted"
            : `Last contact ${formatDate(d.lastContactDate)} (${plural(d.daysSinceContact, "day")} ago)`
        }
      />
      <DonorCard
        title={TODAY_SECTIONS.longInStage.title}
        total={lists?.longInStage.total ?? 0}
        items={lists?.longInStage.items ?? []}
        loading={loading}
        showManager={showManager}
        empty={TODAY_SECTIONS.longInStage.empty}
        detail={(d) => `${d.stage}: ${Math.floor(d.daysInStage)} days (usually ${Math.round(d.medianDays)})`}
      />
      <DonorCard
        title={TODAY_SECTIONS.notStarted.title}
        total={lists?.notStarted.total ?? 0}
        items={lists?.notStarted.items ?? []}
        loading={loading}
        showManager={showManager}
        empty={TODAY_SECTIONS.notStarted.empty}
        detail={(d) => `Capacity ${formatMoney(d.estimatedCapacity)}`}
      />
    </>
  );
}

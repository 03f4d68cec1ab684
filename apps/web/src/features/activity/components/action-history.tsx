import { useMemo, useState } from "react";
import { Alert, Badge, Button, Container, Group, Paper, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconChevronLeft, IconChevronRight, IconDownload, IconFilter } from "@tabler/icons-react";
import {
  ACTION_PAGE_SIZE,
  actionOutcome,
  actionsErrorMessage,
  describeAction,
  formatDate,
  formatDateTime,
  formatNumber,
  type ActionFilters,
  type ActionType,
  type Me,
  type UserAction,
} from "@cultivate/shared";
import { UNCLIPPED_BADGE } from "@/components/ui/unclipped-badge";
import { can } from "@/lib/permissions";
import { useUrlParams } from "@/lib/url-params";
import { exportUrl, useActions, useActionSummary } from "../api/get-actions";
import { ActionDetailsModal } from "./action-details-modal";
import { ActionFiltersPanel, type FilterState } from "./action-filters";
import { ActionSummaryCards } from "./action-summary-cards";

const FILTER_KEYS = [
  "actionType",
  "actionName",
  "resourceType",
  "userId",
  "organizationId",
  "range",
  "from",
  "to",
  "success",
] as const;

/** docs/RULES.md, Activity history: filters toggle, Export CSV, summary cards, list, details modal, pagination of 50. */
export function ActionHistory({ me }: { me: Me }) {
  const [params, updateParams] = useUrlParams();
  const [showFilters, setShowFilters] = useState(() => FILTER_KEYS.some((k) => params.has(k)));
  const [selected, setSelected] = useState<UserAction | null>(null);
  const isAdmin = can(me, "seeAllOrganizations");

  // Filters and page live in the URL, so a filtered view can be shared and survives a reload.
  const state = useMemo(() => {
    const s: FilterState = {};
    for (const k of FILTER_KEYS) {
      const v = params.get(k);
      if (v) s[k] = v;
    }
    return s;
  }, [params]);
  const offset = Math.max(0, Number(params.get("offset")) || 0);
  const filters: ActionFilters = useMemo(() => {
    const { range: _range, ...rest } = state;
    return {
      ...rest,
      actionType: rest.actionType as ActionType | undefined,
      success: rest.success as "true" | "false" | undefined,
    };
  }, [state]);

  // Each change applies only the keys it names to the current address (lib/url-params.ts), so a second quick
  // pick does not undo the first. A new filter starts at the first page.
  const setFilters = (patch: Partial<FilterState> | null) => {
    updateParams(
      (prev) => {
        const p = new URLSearchParams();
        if (patch === null) return p;
        for (const k of FILTER_KEYS) {
          const v = k in patch ? patch[k] : prev.get(k);
          if (v) p.set(k, v);
        }
        return p;
      },
      { replace: true },
    );
  };
  const setOffset = (next: number) => {
    updateParams((p) => {
      if (next > 0) p.set("offset", String(next));
      else p.delete("offset");
    });
  };

  const list = useActions(filters, offset, ACTION_PAGE_SIZE);
  const summary = useActionSummary(filters);
  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];
  const error = list.error ?? summary.error;

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="lg">
        <div>
          <Title order={1}>Action History</Title>
          <Text c="dimmed">
            {isAdmin
              ? "What users did across the platform."
              : `What users of ${me.organization?.name ?? "your organization"} did.`}
          </Text>
        </div>
        <Group>
          <Button
            variant={showFilters ? "filled" : "light"}
            leftSection={<IconFilter size={16} />}
            onClick={() => setShowFilters((v) => !v)}
          >
            {showFilters ? "Hide Filters" : "Show Filters"}
          </Button>
          <Button
            component="a"
            href={exportUrl(filters)}
            download
            variant="light"
            leftSection={<IconDownload size={16} />}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      <Stack gap="lg">
        {showFilters ? <ActionFiltersPanel value={state} showOrganization={isAdmin} onChange={setFilters} /> : null}
        {error ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
            {actionsErrorMessage(error.message)}
          </Alert>
        ) : null}
        <ActionSummaryCards summary={summary.data} />
        <Paper withBorder radius="md">
          <ScrollArea>
            {/* Issue 14: a sentence per action (the raw names are in Details) and whole badges, so nothing is cut. */}
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Actions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={130} visibleFrom="sm">
                    Time
                  </Table.Th>
                  <Table.Th>What happened</Table.Th>
                  <Table.Th w={100} visibleFrom="sm">
                    Result
                  </Table.Th>
                  <Table.Th w={80} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((a) => (
                  <Table.Tr
                    key={a.id}
                    data-testid="action-row"
                    style={{ cursor: "pointer" }}
                    onClick={() => setSelected(a)}
                  >
                    <Table.Td style={{ whiteSpace: "nowrap" }} visibleFrom="sm">
                      <Text size="sm">{formatDate(a.timestamp)}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(a.timestamp, { seconds: true }).split(", ").pop()}
                      </Text>
                    </Table.Td>
                    {/* A long email in a sentence wraps rather than widening the table on a phone. */}
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <Text size="sm" data-testid="action-sentence">
                        {describeAction(a)}
                      </Text>
                      {/* Narrow screens have no Time and Result columns: both go under the sentence. */}
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {formatDateTime(a.timestamp)} · {actionOutcome(a).label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[a.userName ? a.userEmail : null, isAdmin ? (a.organizationName ?? "No organization") : null]
                          .filter(Boolean)
                          .join(" · ")}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Badge
                        color={actionOutcome(a).color}
                        variant="light"
                        tt="none"
                        styles={UNCLIPPED_BADGE}
                        data-testid="action-outcome"
                      >
                        {actionOutcome(a).label}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={`Details of: ${describeAction(a)}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setSelected(a);
                        }}
                      >
                        Details
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
                {!items.length && !list.isPending ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center" py="lg">
                        No actions match these filters.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Group justify="space-between" p="sm">
            <Text size="sm" c="dimmed" data-testid="action-range">
              {total
                ? `Showing ${formatNumber(offset + 1)}–${formatNumber(Math.min(offset + items.length, total))} of ${formatNumber(total)}`
                : "0 actions"}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronLeft size={14} />}
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - ACTION_PAGE_SIZE))}
              >
                Previous
              </Button>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronRight size={14} />}
                disabled={offset + ACTION_PAGE_SIZE >= total}
                onClick={() => setOffset(offset + ACTION_PAGE_SIZE)}
              >
                Next
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
      <ActionDetailsModal action={selected} onClose={() => setSelected(null)} />
    </Container>
  );
}

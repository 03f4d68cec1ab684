import { Link } from "react-router";
import { ActionIcon, Badge, Button, Card, Group, Paper, SimpleGrid, Text, Title, Tooltip } from "@mantine/core";
import { IconExternalLink, IconTrash } from "@tabler/icons-react";
import {
  encodeDonorFilters,
  formatDate,
  normalizeDonorFilters,
  summarizeDonorFilters,
  type SavedDonorGroup,
} from "@cultivate/shared";
import { MadeBy } from "./made-by";

interface SavedGroupsSectionProps {
  groups: SavedDonorGroup[] | undefined;
  loading: boolean;
  /** A name search is on: an empty page says nothing matched, not that there are no groups. */
  searching: boolean;
  /** Under the cards: the pager (ADR 072). */
  footer?: React.ReactNode;
  /** An admin reading every organisation's groups: the organisation's name on each card. */
  organizationOf?: (organizationId: string) => string | undefined;
  onDelete: (group: SavedDonorGroup) => void;
  organizationId?: string;
}

export const savedGroupLink = (g: SavedDonorGroup, organizationId?: string) => {
  const q = new URLSearchParams();
  const encoded = encodeDonorFilters(normalizeDonorFilters(g.filterSettings));
  if (encoded) q.set("filters", encoded);
  if (organizationId) q.set("organizationId", organizationId);
  const s = q.toString();
  return s ? `/donors?${s}` : "/donors";
};

/** Saved filter groups; each card lists at most 3 of its filters (docs/RULES.md, Groups). */
export function SavedGroupsSection({
  groups,
  loading,
  searching,
  footer,
  organizationOf,
  onDelete,
  organizationId,
}: SavedGroupsSectionProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="saved-groups-title">
      <Title order={3} id="saved-groups-title" mb="sm">
        Saved Filter Groups
      </Title>
      {loading ? (
        <Text c="dimmed">Loading groups…</Text>
      ) : !groups?.length ? (
        <Text c="dimmed">
          {searching
            ? "No saved filter groups match this search."
            : "No saved filter groups yet. Set filters on the donor list and click Save Group."}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {groups.map((g) => {
            const summary = summarizeDonorFilters(g.filterSettings, 3);
            return (
              <Card key={g.id} withBorder radius="md" padding="sm" data-saved-group={g.name}>
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  <Text fw={600} truncate>
                    {g.name}
                  </Text>
                  {g.permissions.delete ? (
                    <Tooltip label="Delete saved group">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete saved group ${g.name}`}
                        onClick={() => onDelete(g)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
                {organizationOf ? (
                  <Text size="xs" c="dimmed" mb={4}>
                    {organizationOf(g.organizationId)}
                  </Text>
                ) : null}
                <Group gap={4} mb="xs">
                  {summary.length ? (
                    summary.map((s) => (
                      <Badge key={s} variant="light" color="gray" tt="none">
                        {s}
                      </Badge>
                    ))
                  ) : (
                    <Text size="xs" c="dimmed">
                      No filters
                    </Text>
                  )}
                </Group>
                <Text size="xs" c="dimmed" mb={4}>
                  Saved by <MadeBy maker={g.createdBy} />
                </Text>
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    Saved {formatDate(g.createdAt)}
                  </Text>
                  <Button
                    component={Link}
                    to={savedGroupLink(g, organizationId)}
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconExternalLink size={14} />}
                  >
                    Open
                  </Button>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      {footer}
    </Paper>
  );
}

import { Link } from "react-router";
import { ActionIcon, Badge, Button, Group, Paper, Table, Text, Title, Tooltip } from "@mantine/core";
import { IconExternalLink, IconPlus, IconTrash } from "@tabler/icons-react";
import { formatDate, plural, type DonorGroup } from "@cultivate/shared";
import { MadeBy } from "./made-by";

interface StaticGroupsSectionProps {
  groups: DonorGroup[] | undefined;
  loading: boolean;
  /** A name search is on: an empty page says nothing matched, not that there are no groups. */
  searching: boolean;
  /** Under the table: the pager (ADR 072). */
  footer?: React.ReactNode;
  /** An admin reading every organisation's groups: the organisation's name under each group's. */
  organizationOf?: (organizationId: string) => string | undefined;
  onNew: () => void;
  onDelete: (group: DonorGroup) => void;
  organizationId?: string;
}

export const staticGroupLink = (g: { id: string; name: string }, organizationId?: string) => {
  const q = new URLSearchParams({ staticGroup: g.id, staticGroupName: g.name });
  if (organizationId) q.set("organizationId", organizationId);
  return `/donors?${q.toString()}`;
};

export function StaticGroupsSection({
  groups,
  loading,
  searching,
  footer,
  organizationOf,
  onNew,
  onDelete,
  organizationId,
}: StaticGroupsSectionProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="static-groups-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="static-groups-title">
          Static Donor Groups
        </Title>
        <Button size="xs" leftSection={<IconPlus size={16} />} onClick={onNew}>
          New Group
        </Button>
      </Group>
      {loading ? (
        <Text c="dimmed">Loading groups…</Text>
      ) : !groups?.length ? (
        <Text c="dimmed">
          {searching ? "No static groups match this search." : "No static groups yet. Create one with New Group."}
        </Text>
      ) : (
        // A phone has no Made by and Created columns (they go under the name), so Open and Delete stay
        // on the screen; anything narrower still scrolls the table sideways instead of widening the page.
        <Table.ScrollContainer minWidth={300}>
          <Table highlightOnHover verticalSpacing="xs" aria-label="Static donor groups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th visibleFrom="sm">Made by</Table.Th>
                <Table.Th visibleFrom="sm">Created</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((g) => (
                <Table.Tr key={g.id} data-group={g.name}>
                  <Table.Td>
                    <Text component={Link} to={staticGroupLink(g, organizationId)} fw={600} c="teal.8">
                      {g.name}
                    </Text>
                    {organizationOf ? (
                      <Text size="xs" c="dimmed">
                        {organizationOf(g.organizationId)}
                      </Text>
                    ) : null}
                    <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: "anywhere" }}>
                      <MadeBy maker={g.createdBy} /> · {formatDate(g.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      aria-label={plural(g.memberCount, "member")}
                      styles={{ root: { flexShrink: 0 }, label: { overflow: "visible" } }}
                    >
                      {plural(g.memberCount, "donor")}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }} visibleFrom="sm">
                    <MadeBy maker={g.createdBy} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{formatDate(g.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {/* On a phone the name is the way in: without Open, Delete fits beside it. */}
                      <Button
                        component={Link}
                        to={staticGroupLink(g, organizationId)}
                        visibleFrom="sm"
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconExternalLink size={14} />}
                      >
                        Open
                      </Button>
                      {/* Issue 14: its maker, managers, owners and admins (the server's answer, permissions.delete). */}
                      {g.permissions.delete ? (
                        <Tooltip label="Delete group">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete group ${g.name}`}
                            onClick={() => onDelete(g)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {footer}
    </Paper>
  );
}

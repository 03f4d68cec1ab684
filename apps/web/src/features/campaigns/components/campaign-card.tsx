import { Link } from "react-router";
import { Badge, Button, Card, Collapse, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import {
  IconLayoutKanban,
  IconArchive,
  IconArchiveOff,
  IconChevronDown,
  IconChevronUp,
  IconPencil,
  IconTrash,
} from "@tabler/icons-react";
import { EMPTY_VALUE, formatDate, formatNumber, type Campaign } from "@cultivate/shared";
import { CampaignDonorsTable } from "./campaign-donors-table";

interface CampaignCardProps {
  campaign: Campaign;
  expanded: boolean;
  onToggleDonors: () => void;
  onEdit: () => void;
  onArchiveToggle: () => void;
  onDelete: () => void;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

export function CampaignCard({
  campaign: c,
  expanded,
  onToggleDonors,
  onEdit,
  onArchiveToggle,
  onDelete,
}: CampaignCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="campaign-card" aria-label={`Campaign ${c.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Group gap="xs" mb={4}>
              <Title order={3} size="h4">
                {c.name}
              </Title>
              <Badge variant="light" color="grape">
                {c.organizationName}
              </Badge>
              {c.isArchived ? <Badge color="gray">Archived</Badge> : <Badge color="green">Active</Badge>}
            </Group>
            {c.details ? (
              <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: "pre-wrap" }}>
                {c.details}
              </Text>
            ) : null}
          </div>
          <Group gap="xs">
            {/* Issue 15: the campaign's pipeline board (docs/RULES.md, Pipeline board). */}
            <Button
              component={Link}
              to={`/campaigns/${encodeURIComponent(c.id)}/board`}
              size="xs"
              variant="light"
              leftSection={<IconLayoutKanban size={14} />}
            >
              Board
            </Button>
            {c.donorCount > 0 ? (
              <Button
                size="xs"
                variant="light"
                onClick={onToggleDonors}
                rightSection={expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
                aria-expanded={expanded}
              >
                {expanded ? "Hide Donors" : "View Donors"}
              </Button>
            ) : null}
            {c.isArchived ? null : (
              <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
                Edit
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={c.isArchived ? <IconArchiveOff size={14} /> : <IconArchive size={14} />}
              onClick={onArchiveToggle}
            >
              {c.isArchived ? "Unarchive" : "Archive"}
            </Button>
            <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <Fact label="Goal" value={c.goal || EMPTY_VALUE} />
          <Fact label="Start" value={formatDate(c.startDate)} />
          <Fact label="End" value={formatDate(c.endDate)} />
          <Fact label="Donors" value={formatNumber(c.donorCount)} />
          <Fact label="Office" value={c.officeInfo || EMPTY_VALUE} />
        </SimpleGrid>
        <Collapse expanded={expanded}>{expanded ? <CampaignDonorsTable campaignId={c.id} /> : null}</Collapse>
      </Stack>
    </Card>
  );
}

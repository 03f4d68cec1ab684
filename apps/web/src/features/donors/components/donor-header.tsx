import { Link } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconFileText } from "@tabler/icons-react";
import { formatMoney, type DonorRecord } from "@cultivate/shared";
import { fullName } from "../utils/sections";
import { RelationshipManagerField } from "./relationship-manager-field";

/** docs/RULES.md, Donors: full name, DS Rating, estimated capacity as currency, organisation badge, View Full Record. */
export function DonorHeader({
  donor,
  fullRecordLink = true,
  canAssignManager = false,
}: {
  donor: DonorRecord;
  fullRecordLink?: boolean;
  /** Issue 15: owners and managers pick the relationship manager here; others read it. */
  canAssignManager?: boolean;
}) {
  const rating = donor.fields.dsRating;
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        {/* A long hyphenated name breaks inside its words rather than widen the page at 390 px. */}
        <Stack gap={6} miw={0}>
          <Title order={1} style={{ overflowWrap: "anywhere" }}>
            {fullName(donor)}
          </Title>
          <Group gap="md">
            <Text size="sm">
              <Text span c="dimmed">
                DS Rating:{" "}
              </Text>
              <Text span fw={600} data-testid="donor-ds-rating">
                {rating === null || rating === undefined || rating === "" ? "N/A" : String(rating)}
              </Text>
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Estimated Capacity:{" "}
              </Text>
              <Text span fw={600} data-testid="donor-capacity">
                {formatMoney(donor.fields.estimatedCapacity)}
              </Text>
            </Text>
            <Badge variant="outline" color="grape" aria-label={`Organization ${donor.organizationName}`}>
              {donor.organizationName}
            </Badge>
          </Group>
          <RelationshipManagerField donor={donor} canAssign={canAssignManager} />
        </Stack>
        {fullRecordLink ? (
          <Button
            component={Link}
            to={`/donor/${donor.id}/full`}
            variant="light"
            leftSection={<IconFileText size={16} />}
          >
            View Full Record
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

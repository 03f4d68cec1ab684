import { Link } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { EMPTY_VALUE, formatMoney, type StageWorkspace } from "@cultivate/shared";

/** The donor the stage page is about: name, rating, capacity, organisation and current stage. */
export function StageDonorHeader({
  donor,
  currentStage,
}: {
  donor: StageWorkspace["donor"];
  currentStage: StageWorkspace["currentStage"];
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        {/* A long hyphenated name breaks inside its words rather than widen the page at 390 px. */}
        <Stack gap={6} miw={0}>
          <Title order={1} style={{ overflowWrap: "anywhere" }}>
            {donor.name}
          </Title>
          <Group gap="md">
            <Text size="sm">
              <Text span c="dimmed">
                DS Rating:{" "}
              </Text>
              <Text span fw={600}>
                {donor.dsRating || EMPTY_VALUE}
              </Text>
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Estimated Capacity:{" "}
              </Text>
              <Text span fw={600}>
                {formatMoney(donor.estimatedCapacity)}
              </Text>
            </Text>
            <Badge variant="outline" color="grape">
              {donor.organizationName}
            </Badge>
            <Badge variant="light" data-testid="current-stage">
              {currentStage === "Complete" ? "All stages completed" : `Current stage: ${currentStage}`}
            </Badge>
          </Group>
        </Stack>
        <Button
          component={Link}
          to={`/donor/${donor.id}/dashboard`}
          variant="light"
          leftSection={<IconArrowLeft size={16} />}
        >
          Donor Dashboard
        </Button>
      </Group>
    </Paper>
  );
}

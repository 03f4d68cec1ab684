import { Link } from "react-router";
import { Anchor, Card, Group, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import type { StageName } from "@cultivate/shared";
import { nextStepText } from "../utils/stage-progress";

export function NextStepCard({ donorId, current }: { donorId: string; current: StageName | null }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={4} mb={4}>
        Next Step
      </Title>
      <Text mb="xs">{nextStepText(current)}</Text>
      <Anchor component={Link} to={`/donor/${donorId}`}>
        <Group gap={4} component="span">
          Go to Stage Details <IconArrowRight size={14} />
        </Group>
      </Anchor>
    </Card>
  );
}

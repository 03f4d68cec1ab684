import { useState } from "react";
import { Button, Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useDonorNextSteps } from "../api/next-steps";
import { NextStepForm } from "./next-step-form";
import { NextStepItem, type NextStepItemProps } from "./next-step-item";

/** The donor dashboard's next steps (issue 15; named apart from the spec's stage "Next Step" card): open ones by due date, then the last few done. */
export function NextStepsCard({
  donorId,
  assignees,
  onDone,
}: { donorId: string } & Pick<NextStepItemProps, "assignees" | "onDone">) {
  const [adding, setAdding] = useState(false);
  const steps = useDonorNextSteps(donorId);
  const open = (steps.data ?? []).filter((s) => s.status === "open");
  const done = (steps.data ?? []).filter((s) => s.status === "done").slice(0, 3);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="next-steps-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="next-steps-title">
          Planned Next Steps
        </Title>
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
          Add
        </Button>
      </Group>
      {steps.isPending ? (
        <Text size="sm" c="dimmed">
          Loading next steps…
        </Text>
      ) : open.length === 0 && done.length === 0 ? (
        <Text size="sm" c="dimmed">
          No next steps yet. Add one, or turn a step of a recommendation into one.
        </Text>
      ) : (
        <Stack gap="sm">
          {open.map((s) => (
            <NextStepItem key={s.id} step={s} assignees={assignees} onDone={onDone} />
          ))}
          {done.length > 0 ? <Divider label="Recently done" labelPosition="left" /> : null}
          {done.map((s) => (
            <NextStepItem key={s.id} step={s} assignees={assignees} onDone={onDone} />
          ))}
        </Stack>
      )}
      <NextStepForm opened={adding} onClose={() => setAdding(false)} donorId={donorId} />
    </Card>
  );
}

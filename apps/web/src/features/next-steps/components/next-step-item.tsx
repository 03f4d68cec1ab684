import { Link } from "react-router";
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Stack, Text } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { addDays, formatDate, type NextStep } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useDeleteNextStep, useUpdateNextStep } from "../api/next-steps";
import { localToday } from "./next-step-form";

const ownerName = (s: NextStep) => (s.owner ? (s.owner.name ?? s.owner.email) : "Unassigned");

/** When a step is due, in words and colour: overdue steps stand out. */
export function dueLabel(s: NextStep, today = localToday()) {
  if (s.status === "done") return { text: "Done", color: "gray" };
  if (s.dueDate < today) return { text: `Overdue · ${formatDate(s.dueDate)}`, color: "red" };
  if (s.dueDate === today) return { text: "Due today", color: "orange" };
  return { text: `Due ${formatDate(s.dueDate)}`, color: "teal" };
}

/** One next step with Done, Snooze a week, Reopen and Delete for those allowed (the server's `permissions.edit`). */
export function NextStepItem({ step, showDonor }: { step: NextStep; showDonor?: boolean }) {
  const update = useUpdateNextStep();
  const remove = useDeleteNextStep();
  const due = dueLabel(step);
  const run = (patch: Parameters<typeof update.mutate>[0]) =>
    update.mutate(patch, {
      onSuccess: (res) => notify.success(res.message),
      onError: (e) => notify.error(errorMessage(e, "The next step could not be saved.")),
    });

  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="next-step" data-status={step.status}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text
          size="sm"
          fw={500}
          td={step.status === "done" ? "line-through" : undefined}
          style={{ overflowWrap: "anywhere" }}
        >
          {step.title}
        </Text>
        <Group gap={6}>
          <Badge size="sm" variant="light" color={due.color} tt="none">
            {due.text}
          </Badge>
          <Text size="xs" c="dimmed">
            {ownerName(step)}
          </Text>
          {showDonor ? (
            <Anchor component={Link} to={`/donor/${step.donorId}/dashboard`} size="xs">
              {step.donorName}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
      {step.permissions.edit ? (
        <Group gap={4} wrap="nowrap">
          {step.status === "open" ? (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => run({ id: step.id, status: "done" })}
              aria-label={`Mark done: ${step.title}`}
            >
              Done
            </Button>
          ) : null}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`More actions for ${step.title}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {step.status === "open" ? (
                <Menu.Item
                  onClick={() =>
                    run({ id: step.id, dueDate: addDays(step.dueDate < localToday() ? localToday() : step.dueDate, 7) })
                  }
                >
                  Snooze a week
                </Menu.Item>
              ) : (
                <Menu.Item onClick={() => run({ id: step.id, status: "open" })}>Reopen</Menu.Item>
              )}
              <Menu.Item
                // Mantine colours a menu item with shade 6 (3.3:1 on white); shade 7 reaches 4.5:1 (app/provider.tsx).
                color="red.7"
                onClick={() =>
                  remove.mutate(step.id, {
                    onSuccess: (res) => notify.success(res.message),
                    onError: (e) => notify.error(errorMessage(e, "The next step could not be deleted.")),
                  })
                }
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ) : null}
    </Group>
  );
}

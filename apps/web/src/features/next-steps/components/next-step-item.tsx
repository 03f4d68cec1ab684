import { useState } from "react";
import { Link } from "react-router";
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Modal, Select, Stack, Text } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { addDays, formatDate, type NextStep, NEXT_STEP_MESSAGES } from "@cultivate/shared";
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

/** Someone a step can be given to: the organisation's officers, managers and owners. */
export type StepAssignee = { id: string; email: string; name: string | null };

export interface NextStepItemProps {
  step: NextStep;
  showDonor?: boolean;
  /** Who the step may be reassigned to; without it there is no Reassign (the screen composes the list). */
  assignees?: StepAssignee[];
  /** After Done is saved, e.g. to offer a contact report for it (docs/RULES.md, Next steps). */
  onDone?: (step: NextStep) => void;
}

/** One next step with Done, Snooze a week, Reassign, Reopen and Delete for those allowed (the server's `permissions.edit`). */
export function NextStepItem({ step, showDonor, assignees, onDone }: NextStepItemProps) {
  const update = useUpdateNextStep();
  const remove = useDeleteNextStep();
  const [reassigning, setReassigning] = useState(false);
  const due = dueLabel(step);
  const run = (patch: Parameters<typeof update.mutate>[0], then?: () => void) =>
    update.mutate(patch, {
      onSuccess: (res) => {
        notify.success(res.message);
        then?.();
      },
      onError: (e) => notify.error(errorMessage(e, NEXT_STEP_MESSAGES.notSaved)),
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
              onClick={() => run({ id: step.id, status: "done" }, () => onDone?.(step))}
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
              ) : null}
              {step.status === "open" && assignees && assignees.length > 0 ? (
                <Menu.Item onClick={() => setReassigning(true)}>Reassign…</Menu.Item>
              ) : null}
              {step.status === "open" ? null : (
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
          {assignees ? (
            <ReassignModal
              step={step}
              assignees={assignees}
              opened={reassigning}
              onClose={() => setReassigning(false)}
              onSave={(ownerId) => run({ id: step.id, ownerId }, () => setReassigning(false))}
              saving={update.isPending}
            />
          ) : null}
        </Group>
      ) : null}
    </Group>
  );
}

function ReassignModal(props: {
  step: NextStep;
  assignees: StepAssignee[];
  opened: boolean;
  onClose: () => void;
  onSave: (ownerId: string) => void;
  saving: boolean;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Reassign next step">
      {/* Mounted per opening, so the choice starts from the step's owner each time. */}
      {props.opened ? <ReassignForm {...props} /> : null}
    </Modal>
  );
}

function ReassignForm({ step, assignees, onClose, onSave, saving }: Parameters<typeof ReassignModal>[0]) {
  const [ownerId, setOwnerId] = useState<string | null>(step.owner?.id ?? null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ownerId) onSave(ownerId);
      }}
    >
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {step.title}
        </Text>
        <Select
          label="Owner"
          data={assignees.map((a) => ({ value: a.id, label: a.name || a.email }))}
          value={ownerId}
          onChange={setOwnerId}
          searchable
          allowDeselect={false}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={!ownerId || ownerId === step.owner?.id}>
            Reassign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useEffect, useState } from "react";
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { addDays, nextStepCreateSchema, NEXT_STEP_TITLE_MAX, NEXT_STEP_MESSAGES } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useCreateNextStep } from "../api/next-steps";

export const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

type Props = {
  opened: boolean;
  onClose: () => void;
  donorId: string;
  /** From a recommendation: the step's text, its suggested due date and the record it came from. */
  initial?: { title: string; dueDate: string; stageRecordId?: string };
};

/**
 * Add a next step (issue 15): a title and a due date; the server gives it an owner (the donor's
 * relationship manager, else whoever adds it). The shared schema checks both fields before sending.
 */
export function NextStepForm({ opened, onClose, donorId, initial }: Props) {
  const [title, setTitle] = useState("");
  const [dueDate, setDueDate] = useState("");
  const [errors, setErrors] = useState<{ title?: string; dueDate?: string }>({});
  const create = useCreateNextStep(donorId);

  useEffect(() => {
    if (!opened) return;
    setTitle(initial?.title ?? "");
    setDueDate(initial?.dueDate ?? addDays(localToday(), 7));
    setErrors({});
  }, [opened, initial]);

  const submit = () => {
    const parsed = nextStepCreateSchema.safeParse({ title, dueDate, stageRecordId: initial?.stageRecordId });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as "title" | "dueDate";
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res.message);
        onClose();
      },
      onError: (e) => notify.error(errorMessage(e, NEXT_STEP_MESSAGES.notSaved)),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add a next step" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Next step"
            description="What will you do, in a few words?"
            value={title}
            maxLength={NEXT_STEP_TITLE_MAX}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            data-autofocus
            required
          />
          <TextInput
            label="Due date"
            type="date"
            value={dueDate}
            onChange={(e) => setDueDate(e.currentTarget.value)}
            error={errors.dueDate}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add next step
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

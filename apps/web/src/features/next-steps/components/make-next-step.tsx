import { useState } from "react";
import { Button, Menu, Text } from "@mantine/core";
import { IconListCheck } from "@tabler/icons-react";
import { addDays, stepsOf, suggestDueDate, type StageRecommendation } from "@cultivate/shared";
import { localToday, NextStepForm } from "./next-step-form";

type Draft = { title: string; dueDate: string; stageRecordId: string };

/**
 * Issue 15: any step of a recommendation becomes a next step in one click; the form opens with the
 * step's text and a due date suggested from its wording, for the person to confirm.
 */
export function MakeNextStep({ record, donorId }: { record: StageRecommendation; donorId: string }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const steps = stepsOf(record.aiOutput ?? "");
  const button = (onClick?: () => void) => (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconListCheck size={14} />}
      w="fit-content"
      onClick={onClick}
    >
      Make a next step
    </Button>
  );
  return (
    <>
      {steps.length === 0 ? (
        // A recommendation without a numbered or bulleted plan: the person writes the step.
        button(() => setDraft({ title: "", dueDate: addDays(localToday(), 7), stageRecordId: record.id }))
      ) : (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>{button()}</Menu.Target>
          <Menu.Dropdown maw={420}>
            <Menu.Label>Choose a step of this recommendation</Menu.Label>
            {steps.slice(0, 12).map((step, i) => (
              <Menu.Item
                key={i}
                onClick={() =>
                  setDraft({ title: step, dueDate: suggestDueDate(step, localToday()), stageRecordId: record.id })
                }
              >
                <Text size="sm" lineClamp={2}>
                  {step}
                </Text>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <NextStepForm
        opened={draft !== null}
        onClose={() => setDraft(null)}
        donorId={donorId}
        initial={draft ?? undefined}
      />
    </>
  );
}

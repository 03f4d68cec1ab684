import { useState, type ReactNode } from "react";
import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { contactTypeForStep, type NextStep } from "@cultivate/shared";
import { useContactReports } from "@/features/donors/api/contact-reports";
import { useRelationshipManagers } from "@/features/donors/api/portfolio";
import { ContactReportModal } from "@/features/donors/components/contact-report-modal";
import type { StepAssignee } from "@/features/next-steps/components/next-step-item";

/**
 * What next steps need from the donors feature, composed here because features do not import each
 * other (docs/ARCHITECTURE.md): the people a step may be reassigned to, and the offer to log a contact
 * report once a step is done (docs/RULES.md, Next steps).
 */
export function useStepAssignees(organizationId: string | undefined): StepAssignee[] | undefined {
  const managers = useRelationshipManagers(organizationId, !!organizationId);
  return managers.data;
}

/** `offer(step)` asks whether to log the contact the step was about; `element` is the form it opens. */
export function useLogContactOffer(): { offer: (step: NextStep) => void; element: ReactNode } {
  const [step, setStep] = useState<NextStep | null>(null);
  const offer = (done: NextStep) =>
    modals.openConfirmModal({
      title: "Log a contact report?",
      children: (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          “{done.title}” is done. Log what happened with {done.donorName}, so the timeline and the next recommendation
          know.
        </Text>
      ),
      labels: { confirm: "Log contact", cancel: "Not now" },
      onConfirm: () => setStep(done),
    });
  const element = step ? <LogContactForStep key={step.id} step={step} onClose={() => setStep(null)} /> : null;
  return { offer, element };
}

function LogContactForStep({ step, onClose }: { step: NextStep; onClose: () => void }) {
  const reports = useContactReports(step.donorId);
  return (
    <ContactReportModal
      donorId={step.donorId}
      opened={!!reports.data}
      onClose={onClose}
      report={null}
      colleagues={reports.data?.colleagues ?? []}
      prefill={{ type: contactTypeForStep(step.title), summaryText: step.title }}
    />
  );
}

import { useState } from "react";
import { Button, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconMessagePlus } from "@tabler/icons-react";
import { CONTACT_TYPE_LABELS, formatDate, type ContactReport } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useContactReports, useDeleteContactReport } from "../api/contact-reports";
import { ContactReportModal } from "./contact-report-modal";
import { EngagementTimeline, type TimelineEntry } from "./engagement-timeline";

/** The donor dashboard's timeline: stage records and contact reports, with "Log contact" (issue 15). */
export function DonorTimeline({ donorId, entries }: { donorId: string; entries: TimelineEntry[] }) {
  const reports = useContactReports(donorId);
  const remove = useDeleteContactReport(donorId);
  const [editing, setEditing] = useState<ContactReport | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (r: ContactReport | null) => {
    setEditing(r);
    setOpened(true);
  };
  const confirmDelete = (r: ContactReport) =>
    modals.openConfirmModal({
      title: "Delete contact report",
      children: (
        <Text size="sm">
          Delete the {CONTACT_TYPE_LABELS[r.type].toLowerCase()} of {formatDate(r.date)}? This cannot be undone.
        </Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(r.id, {
          onSuccess: (res) => notify.success(res.message),
          onError: (error) => notify.error(errorMessage(error, "The contact report could not be deleted.")),
        }),
    });

  return (
    <>
      <EngagementTimeline
        entries={entries}
        contacts={reports.data?.reports ?? []}
        actions={
          reports.data?.canCreate ? (
            <Button size="xs" variant="light" leftSection={<IconMessagePlus size={16} />} onClick={() => open(null)}>
              Log contact
            </Button>
          ) : null
        }
        onEditContact={open}
        onDeleteContact={confirmDelete}
      />
      <ContactReportModal
        donorId={donorId}
        opened={opened}
        onClose={() => setOpened(false)}
        report={editing}
        colleagues={reports.data?.colleagues ?? []}
      />
    </>
  );
}

import type { ReactNode } from "react";
import { ActionIcon, Group, Paper, Text, Timeline, Title, Typography } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { CONTACT_TYPE_LABELS, formatDate, type ContactReport } from "@cultivate/shared";
import { ExpandableText } from "@/components/ui/expandable-text";

export interface TimelineEntry {
  id: string;
  stageName: string;
  createdAt: string;
  aiOutput: string | null;
  /** Issue 15: "person" for a record written by moving a card on the pipeline board. */
  kind?: "ai" | "person";
  note?: string | null;
  recordedBy?: string | null;
}

type Item =
  { kind: "stage"; at: string; stage: TimelineEntry } | { kind: "contact"; at: string; contact: ContactReport };

/**
 * docs/RULES.md, Donors: entries as stage name plus date, AI output cut at 100 characters. Issue 15: contact
 * reports sit among the stage records, newest first (a contact by its date, a stage record by when it was saved).
 */
export function EngagementTimeline({
  entries,
  contacts = [],
  actions,
  onEditContact,
  onDeleteContact,
}: {
  entries: TimelineEntry[];
  contacts?: ContactReport[];
  /** The "Log contact" button. */
  actions?: ReactNode;
  onEditContact?: (report: ContactReport) => void;
  onDeleteContact?: (report: ContactReport) => void;
}) {
  const items: Item[] = [
    ...entries.map((stage): Item => ({ kind: "stage", at: stage.createdAt, stage })),
    // A contact of a day sorts by that day's end, so a stage saved the same day after it stays above it.
    ...contacts.map((contact): Item => ({
      kind: "contact",
      at: `${contact.date}T${contact.createdAt.slice(11)}`,
      contact,
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Engagement Timeline">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Engagement Timeline</Title>
        {actions}
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed">No engagement history yet.</Text>
      ) : (
        <Timeline bulletSize={18} lineWidth={2} active={items.length - 1}>
          {items.map((item) =>
            item.kind === "stage" ? (
              <Timeline.Item
                key={item.stage.id}
                title={`${item.stage.stageName} · ${formatDate(item.stage.createdAt)}`}
              >
                {item.stage.kind === "person" ? (
                  <Text size="sm" data-testid="person-stage-record">
                    Recorded by {item.stage.recordedBy ?? "a former user"} on the pipeline board
                    {item.stage.note ? `: ${item.stage.note}` : "."}
                  </Text>
                ) : item.stage.aiOutput ? (
                  <ExpandableText text={item.stage.aiOutput} />
                ) : null}
              </Timeline.Item>
            ) : (
              <Timeline.Item
                key={item.contact.id}
                data-testid="contact-report"
                title={
                  <ContactTitle
                    report={item.contact}
                    onEdit={item.contact.canEdit ? onEditContact : undefined}
                    onDelete={item.contact.canEdit ? onDeleteContact : undefined}
                  />
                }
              >
                <ContactBody report={item.contact} />
              </Timeline.Item>
            ),
          )}
        </Timeline>
      )}
    </Paper>
  );
}

function ContactTitle({
  report,
  onEdit,
  onDelete,
}: {
  report: ContactReport;
  onEdit?: (r: ContactReport) => void;
  onDelete?: (r: ContactReport) => void;
}) {
  const what = `${CONTACT_TYPE_LABELS[report.type]} · ${formatDate(report.date)}`;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <span>{what}</span>
      <Group gap={4} wrap="nowrap">
        {onEdit ? (
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Edit contact report: ${what}`}
            onClick={() => onEdit(report)}
          >
            <IconPencil size={14} />
          </ActionIcon>
        ) : null}
        {onDelete ? (
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={`Delete contact report: ${what}`}
            onClick={() => onDelete(report)}
          >
            <IconTrash size={14} />
          </ActionIcon>
        ) : null}
      </Group>
    </Group>
  );
}

function ContactBody({ report }: { report: ContactReport }) {
  const people = [report.participants, ...report.participantUsers.map((u) => u.name || u.email)].filter(Boolean);
  return (
    <>
      {/* The server sanitised the summary with the notes' allow-list (docs/RULES.md, Contact reports). */}
      <Typography fz="sm">
        <div dangerouslySetInnerHTML={{ __html: report.summary }} />
      </Typography>
      {people.length ? (
        <Text size="xs" c="dimmed">
          With: {people.join(", ")}
        </Text>
      ) : null}
      {report.nextStep ? (
        <Text size="xs">
          <strong>Next step:</strong> {report.nextStep}
        </Text>
      ) : null}
      {report.author ? (
        <Text size="xs" c="dimmed">
          Logged by {report.author.name || report.author.email}
        </Text>
      ) : null}
    </>
  );
}

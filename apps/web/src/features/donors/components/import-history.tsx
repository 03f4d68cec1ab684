import { useState } from "react";
import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { IconArrowBackUp, IconFileTypeCsv, IconReportAnalytics } from "@tabler/icons-react";
import { DONOR_MESSAGES, formatDateTime, formatNumber, type ImportBatch } from "@cultivate/shared";
import { ListPager } from "@/components/ui/list-pager";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { isImportActive, useImportBatch, useImportHistory, useUndoImport } from "../api/import-donors";
import { confirmUndoImport } from "./confirm-undo-import";
import { ImportProgress, ImportReport } from "./import-report";

const STATUS: Record<ImportBatch["status"], { label: string; color: string }> = {
  queued: { label: "Waiting to start", color: "gray" },
  running: { label: "Importing", color: "blue" },
  completed: { label: "Completed", color: "green" },
  failed: { label: "Failed", color: "red" },
  interrupted: { label: "Interrupted", color: "orange" },
  undoing: { label: "Undoing", color: "blue" },
  undone: { label: "Undone", color: "gray" },
};
const UNDOABLE: ImportBatch["status"][] = ["completed", "failed", "interrupted"];

interface ImportHistoryProps {
  organizationId: string | undefined;
  page: number;
  onPage: (page: number) => void;
  /** Admins see imports of several organisations: each says whose it is. */
  showOrganization: boolean;
}

/** Every import of the organisation, newest first: file, who, when, status, counts, the report and Undo (issue 14). */
export function ImportHistory({ organizationId, page, onPage, showOrganization }: ImportHistoryProps) {
  const history = useImportHistory(organizationId, page);
  const undo = useUndoImport();
  const [reportId, setReportId] = useState<string | null>(null);

  const askUndo = (batch: ImportBatch) =>
    confirmUndoImport(batch, () =>
      undo.mutate(batch.id, {
        onSuccess: () => notify.info(`Undoing the import${batch.fileName ? ` of ${batch.fileName}` : ""}…`),
        onError: (error) => notify.error(errorMessage(error, DONOR_MESSAGES.undoFailed)),
      }),
    );

  if (history.isPending)
    return (
      <Stack>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </Stack>
    );
  if (history.isError)
    return (
      <Alert color="red" role="alert">
        {`Failed to load the import history: ${errorMessage(history.error, "unknown error")}`}
      </Alert>
    );

  const { imports, total, pageSize } = history.data;
  return (
    <Stack gap="sm">
      {imports.length === 0 ? (
        <Text c="dimmed">No imports yet. Upload a CSV file on the donor list to import donors.</Text>
      ) : (
        imports.map((b) => (
          <ImportEntry
            key={b.id}
            batch={b}
            showOrganization={showOrganization}
            undoing={undo.isPending && undo.variables === b.id}
            onReport={() => setReportId(b.id)}
            onUndo={() => askUndo(b)}
          />
        ))
      )}
      <ListPager
        page={page}
        pageSize={pageSize}
        total={total}
        noun="import"
        onPage={onPage}
        label="Import pages"
        testId="import-history-count"
      />
      <ReportModal id={reportId} onClose={() => setReportId(null)} onUndo={askUndo} undoing={undo.isPending} />
    </Stack>
  );
}

interface ImportEntryProps {
  batch: ImportBatch;
  showOrganization: boolean;
  undoing: boolean;
  onReport: () => void;
  onUndo: () => void;
}

function ImportEntry({ batch: b, showOrganization, undoing, onReport, onUndo }: ImportEntryProps) {
  const status = STATUS[b.status];
  const who = b.createdBy ? (b.createdBy.name ?? b.createdBy.email) : null;
  const undoRefused = !b.canUndo && UNDOABLE.includes(b.status) && b.counts.inserted + b.counts.updated > 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      aria-label={`Import ${b.fileName ?? "without a file name"}`}
      data-testid="import-entry"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconFileTypeCsv size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {b.fileName ?? "(no file name)"}
            </Text>
            <Badge color={status.color} variant="light" tt="none" style={{ flexShrink: 0 }}>
              {status.label}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<IconReportAnalytics size={14} />} onClick={onReport}>
              {b.problemCount
                ? `Report (${formatNumber(b.problemCount)} problem${b.problemCount === 1 ? "" : "s"})`
                : "Report"}
            </Button>
            {b.canUndo ? (
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconArrowBackUp size={14} />}
                loading={undoing}
                onClick={onUndo}
              >
                Undo
              </Button>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {`${who ? `Imported by ${who}` : "Importer not recorded"} · ${formatDateTime(b.createdAt)}`}
          {showOrganization && b.organizationName ? ` · ${b.organizationName}` : ""}
        </Text>
        {isImportActive(b) ? (
          <ImportProgress batch={b} />
        ) : (
          <Text size="sm" data-testid="import-entry-counts">
            {DONOR_MESSAGES.importCountsSummary(b.counts)}
          </Text>
        )}
        {b.error ? (
          <Text size="sm" c="red.8">
            {b.error}
          </Text>
        ) : null}
        {b.status === "undone" && b.undoneAt ? (
          <Text size="sm" c="dimmed">
            Undone {formatDateTime(b.undoneAt)}: its new donors were removed and its updates reverted.
          </Text>
        ) : null}
        {undoRefused ? (
          <Text size="xs" c="dimmed">
            {DONOR_MESSAGES.undoImportNotAllowed}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The import's report (counts and problems by row), fetched when opened. */
function ReportModal({
  id,
  onClose,
  onUndo,
  undoing,
}: {
  id: string | null;
  onClose: () => void;
  onUndo: (batch: ImportBatch) => void;
  undoing: boolean;
}) {
  const { data: batch, isPending, error } = useImportBatch(id);
  return (
    <Modal opened={id !== null} onClose={onClose} title="Import report" size="xl" centered>
      {error ? (
        <Alert color="red" role="alert">
          {errorMessage(error, "Failed to load the report.")}
        </Alert>
      ) : isPending || !batch ? (
        <Skeleton h={160} />
      ) : (
        <ImportReport batch={batch} undoing={undoing} onUndo={() => onUndo(batch)} />
      )}
    </Modal>
  );
}

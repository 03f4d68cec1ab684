import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Anchor, Button, FileInput, Group, Modal, ScrollArea, Select, Stack, Table, Text } from "@mantine/core";
import { IconFileTypeCsv, IconUpload } from "@tabler/icons-react";
import { DONOR_MESSAGES, formatNumber } from "@cultivate/shared";
import { useMe } from "@/features/auth/api/get-me";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useOrganizationNames } from "@/lib/organization-names";
import { isImportActive, useImportBatch, useStartImport, useUndoImport } from "../api/import-donors";
import { queryKeys } from "@/lib/query-keys";
import { CSV_PREVIEW_ROWS, isCsvFile, readCsv, type CsvPreview } from "../utils/read-csv";
import { confirmUndoImport } from "./confirm-undo-import";
import { ImportProgress, ImportReport } from "./import-report";
import { organizationChoices } from "@/components/ui/organization-picker";

interface UploadCsvModalProps {
  opened: boolean;
  onClose: () => void;
  isAdmin: boolean;
  signedIn: boolean;
}

/** CSV upload (docs/RULES.md, Import): file chosen → preview (first 5 rows) → uploading → success or error. */
export function UploadCsvModal({ opened, onClose, isAdmin, signedIn }: UploadCsvModalProps) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);

  const organizations = useOrganizationNames(isAdmin && opened);
  // Issue 14: an admin who belongs to no organisation has no "own organization" to fall back on.
  const me = useMe().data;
  const mustChooseTarget = isAdmin && !me?.organization;
  const start = useStartImport();
  const undo = useUndoImport();
  const { data: batch } = useImportBatch(batchId);
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (organizations.isError) notify.error(DONOR_MESSAGES.loadOrganizationsFailed);
  }, [organizations.isError]);

  // Announce each job's outcome once, and refresh the list when donors changed.
  useEffect(() => {
    if (!batch || isImportActive(batch)) return;
    const key = `${batch.id}:${batch.status}`;
    if (announced.current === key) return;
    announced.current = key;
    if (batch.status === "completed") {
      notify.success(batch.message ?? DONOR_MESSAGES.uploadSuccess(batch.counts));
    } else if (batch.status === "failed" || batch.status === "interrupted") {
      notify.error(DONOR_MESSAGES.uploadFailed(batch.error ?? "unknown error"));
    } else if (batch.status === "undone") {
      notify.info("The import was undone.");
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.donors.all });
  }, [batch, queryClient]);

  const fail = (message: string) => {
    setProblem(message);
    notify.error(message);
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    setBatchId(null);
    if (!chosen) return;
    if (!isCsvFile(chosen)) return fail(DONOR_MESSAGES.invalidCsv);
    setReading(true);
    const result = await readCsv(chosen);
    setReading(false);
    if (result.ok) setPreview(result.preview);
    else fail(result.message);
  };

  const upload = () => {
    if (!file || !preview || !signedIn) return fail(DONOR_MESSAGES.fileAndLogin);
    if (mustChooseTarget && !target) return fail(DONOR_MESSAGES.chooseImportOrganization);
    setProblem(null);
    start.mutate(
      { file, targetOrganizationId: isAdmin ? target : null },
      {
        onSuccess: (b) => setBatchId(b.id),
        onError: (error) => fail(DONOR_MESSAGES.uploadFailed(errorMessage(error, "unknown error"))),
      },
    );
  };

  const close = () => {
    if (isImportActive(batch)) return onClose(); // the job keeps running on the server; reopening shows a fresh form
    setFile(null);
    setPreview(null);
    setProblem(null);
    setBatchId(null);
    setTarget(null);
    onClose();
  };

  const running = start.isPending || isImportActive(batch);
  const finished = batch && !isImportActive(batch);

  return (
    <Modal opened={opened} onClose={close} title="Upload CSV" size="xl" centered>
      <Stack gap="md">
        <FileInput
          label="CSV file"
          description="A donor-research export with a header row (e.g. First Name, Last Name, Email, …)."
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} />}
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          disabled={running}
        />
        {isAdmin ? (
          <Select
            label="Target organization"
            description={
              mustChooseTarget
                ? "You belong to no organization: choose the one to import into."
                : `Leave empty to use your own organization (${me?.organization?.name ?? "…"}).`
            }
            placeholder={
              organizations.isPending
                ? "Loading organizations…"
                : mustChooseTarget
                  ? "Choose an organization"
                  : "Your own organization"
            }
            withAsterisk={mustChooseTarget}
            {...organizationChoices(organizations.data)}
            value={target}
            onChange={setTarget}
            clearable
            disabled={running}
          />
        ) : null}

        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        {reading ? <Text size="sm">Reading the file…</Text> : null}

        {preview ? (
          <Stack gap={4}>
            <Text size="sm">
              Preview (first {Math.min(CSV_PREVIEW_ROWS, preview.rowCount)} of {formatNumber(preview.rowCount)} rows,{" "}
              {preview.headers.length} columns)
            </Text>
            <ScrollArea type="auto">
              <Table withTableBorder striped fz="xs" aria-label="CSV preview">
                <Table.Thead>
                  <Table.Tr>
                    {preview.headers.map((h) => (
                      <Table.Th key={h} style={{ whiteSpace: "nowrap" }}>
                        {h}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {preview.headers.map((h) => (
                        <Table.Td key={h} style={{ whiteSpace: "nowrap" }}>
                          {row[h] ?? ""}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Stack>
        ) : null}

        {batch ? <ImportProgress batch={batch} /> : null}
        {finished && (batch.status === "failed" || batch.status === "interrupted") ? (
          <Alert color="red" role="alert">
            {DONOR_MESSAGES.uploadFailed(batch.error ?? "unknown error")}
          </Alert>
        ) : null}
        {/* A stopped import still has a report: what was written, its problems, and Undo. */}
        {finished ? (
          <ImportReport
            batch={batch}
            undoing={undo.isPending}
            onUndo={() =>
              confirmUndoImport(batch, () =>
                undo.mutate(batch.id, {
                  onError: (error) => notify.error(errorMessage(error, DONOR_MESSAGES.undoFailed)),
                }),
              )
            }
          />
        ) : null}

        <Group justify="space-between">
          {/* Issue 14: every import, with its report and Undo, stays in the history after this window closes. */}
          <Anchor component={Link} to="/imports" size="sm" onClick={close}>
            Import history
          </Anchor>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              {finished ? "Close" : "Cancel"}
            </Button>
            {!finished ? (
              <Button leftSection={<IconUpload size={16} />} onClick={upload} loading={running} disabled={reading}>
                Upload
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

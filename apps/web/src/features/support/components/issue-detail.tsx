import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  Anchor,
  Button,
  Code,
  Container,
  Divider,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconArrowLeft, IconDeviceFloppy, IconEdit, IconTrash } from "@tabler/icons-react";
import {
  ISSUE_DELETED_MESSAGE,
  ISSUE_NOT_FOUND_TITLE,
  ISSUE_REQUIRED_FIELDS_MESSAGE,
  ISSUE_STATUSES,
  ISSUE_STATUS_LABELS,
  ISSUE_TYPES,
  ISSUE_TYPE_LABELS,
  ISSUE_UPDATED_MESSAGE,
  issueFailedMessage,
  shortId,
  type Issue,
  type IssueStatus,
  type IssueType,
  type IssueUpdate,
} from "@cultivate/shared";
import { ApiClientError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { FormError } from "@/components/ui/form-error";
import { PageLoader } from "@/components/ui/page-loader";
import { useDeleteIssue } from "../api/delete-issue";
import { useIssue } from "../api/get-issue";
import { useUpdateIssue } from "../api/update-issue";
import { formatDateTime, IssueStatusBadge, IssueTypeIcon } from "./issue-bits";

const typeData = ISSUE_TYPES.map((t) => ({ value: t, label: ISSUE_TYPE_LABELS[t] }));
const statusData = ISSUE_STATUSES.map((s) => ({ value: s, label: ISSUE_STATUS_LABELS[s] }));

export function IssueNotFound() {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <Title order={1}>{ISSUE_NOT_FOUND_TITLE}</Title>
          <Text c="dimmed" ta="center">
            The issue does not exist, was deleted, or belongs to another organization.
          </Text>
          <Button component={Link} to="/support" leftSection={<IconArrowLeft size={16} />}>
            Back to Support
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

function InfoRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

type Draft = { title: string; description: string; type: IssueType; status: IssueStatus; resolutionComment: string };
const draftOf = (i: Issue): Draft => ({
  title: i.title,
  description: i.description,
  type: i.type,
  status: i.status,
  resolutionComment: i.resolutionComment ?? "",
});

/** Issue detail: view, Edit / Save Changes / Cancel / Delete, with the rules of docs/RULES.md, Support issues. */
export function IssueDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data: issue, isPending, error } = useIssue(id);
  const update = useUpdateIssue();
  const remove = useDeleteIssue();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const notFound = error instanceof ApiClientError && (error.status === 404 || error.status === 400);
  useEffect(() => {
    if (error && !notFound) {
      notify.error(issueFailedMessage("load", error.message));
      void navigate("/support");
    }
  }, [error, notFound, navigate]);

  if (isPending) return <PageLoader />;
  if (notFound) return <IssueNotFound />;
  if (!issue) return <PageLoader />;

  const startEdit = () => {
    setDraft(draftOf(issue));
    setFormError(null);
    setEditing(true);
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d));

  const save = () => {
    if (!draft) return;
    if (!draft.title.trim() || !draft.description.trim()) return setFormError(ISSUE_REQUIRED_FIELDS_MESSAGE);
    const change: IssueUpdate = {};
    if (draft.title !== issue.title) change.title = draft.title;
    if (draft.description !== issue.description) change.description = draft.description;
    if (draft.type !== issue.type) change.type = draft.type;
    if (issue.permissions.canChangeStatus) {
      if (draft.status !== issue.status) change.status = draft.status;
      if (draft.status === "resolved" && draft.resolutionComment !== (issue.resolutionComment ?? "")) {
        change.resolutionComment = draft.resolutionComment;
      }
    }
    update.mutate(
      { id: issue.id, change },
      {
        onSuccess: () => {
          notify.success(ISSUE_UPDATED_MESSAGE);
          setEditing(false);
        },
        onError: (err) => notify.error(issueFailedMessage("update", err.message)),
      },
    );
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: "Delete this issue?",
      children: <Text size="sm">{`"${issue.title}" will be deleted. This cannot be undone.`}</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(issue.id, {
          onSuccess: () => {
            notify.success(ISSUE_DELETED_MESSAGE);
            void navigate("/support");
          },
          onError: (err) => notify.error(issueFailedMessage("delete", err.message)),
        }),
    });

  return (
    <Container size="lg" py="xl">
      <Anchor
        component={Link}
        to="/support"
        size="sm"
        mb="md"
        display="inline-flex"
        style={{ alignItems: "center", gap: 4 }}
      >
        <IconArrowLeft size={14} /> Back to Support
      </Anchor>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="lg">
            {editing && draft ? (
              <Stack gap="md">
                <TextInput
                  label="Title"
                  required
                  maxLength={200}
                  value={draft.title}
                  onChange={(e) => set("title", e.currentTarget.value)}
                />
                <Select
                  label="Type"
                  data={typeData}
                  value={draft.type}
                  allowDeselect={false}
                  onChange={(v) => v && set("type", v as IssueType)}
                />
                <Textarea
                  label="Description"
                  required
                  autosize
                  minRows={5}
                  maxLength={10000}
                  value={draft.description}
                  onChange={(e) => set("description", e.currentTarget.value)}
                />
                {issue.permissions.canChangeStatus ? (
                  <>
                    <Select
                      label="Status"
                      data={statusData}
                      value={draft.status}
                      allowDeselect={false}
                      onChange={(v) => v && set("status", v as IssueStatus)}
                    />
                    {draft.status === "resolved" ? (
                      <Textarea
                        label="Resolution comment"
                        autosize
                        minRows={3}
                        maxLength={10000}
                        placeholder="What was done; the submitter receives this by email"
                        value={draft.resolutionComment}
                        onChange={(e) => set("resolutionComment", e.currentTarget.value)}
                      />
                    ) : null}
                  </>
                ) : null}
                <FormError message={formError} />
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setEditing(false)} disabled={update.isPending}>
                    Cancel
                  </Button>
                  <Button onClick={save} loading={update.isPending} leftSection={<IconDeviceFloppy size={16} />}>
                    Save Changes
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Stack gap="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <IssueTypeIcon type={issue.type} />
                    <div>
                      <Title order={1} fz="h2">
                        {issue.title}
                      </Title>
                      <Group gap="xs" mt={4}>
                        <IssueStatusBadge status={issue.status} />
                        <Text size="sm" c="dimmed">
                          {ISSUE_TYPE_LABELS[issue.type]}
                        </Text>
                        <Code data-testid="issue-short-id">#{shortId(issue.id)}</Code>
                      </Group>
                    </div>
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    {issue.permissions.canEdit ? (
                      <Button variant="light" leftSection={<IconEdit size={16} />} onClick={startEdit}>
                        Edit
                      </Button>
                    ) : null}
                    {issue.permissions.canDelete ? (
                      <Button
                        variant="light"
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={confirmDelete}
                        loading={remove.isPending}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </Group>
                </Group>
                <Divider />
                <div>
                  <Title order={2} fz="md" mb={4}>
                    Description
                  </Title>
                  <Text style={{ whiteSpace: "pre-wrap" }}>{issue.description}</Text>
                </div>
                <Divider />
                <div data-testid="resolution">
                  <Title order={2} fz="md" mb={4}>
                    Resolution
                  </Title>
                  {issue.status === "resolved" ? (
                    <Stack gap={4}>
                      <Text style={{ whiteSpace: "pre-wrap" }}>
                        {issue.resolutionComment || "No resolution comment."}
                      </Text>
                      <Text size="sm" c="dimmed">
                        Resolved {formatDateTime(issue.resolvedAt)}
                      </Text>
                    </Stack>
                  ) : (
                    <Text c="dimmed">This issue has not been resolved yet.</Text>
                  )}
                </div>
              </Stack>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="lg">
            <Title order={2} fz="md" mb="sm">
              Issue information
            </Title>
            <Stack gap="sm">
              <InfoRow label="Type">{ISSUE_TYPE_LABELS[issue.type]}</InfoRow>
              <InfoRow label="Status">{ISSUE_STATUS_LABELS[issue.status]}</InfoRow>
              <InfoRow label="Submitted">{formatDateTime(issue.submittedAt)}</InfoRow>
              <InfoRow label="Resolved">{formatDateTime(issue.resolvedAt)}</InfoRow>
              <InfoRow label="Submitted by">{issue.submitterEmail ?? "Unknown user"}</InfoRow>
              <InfoRow label="Organization">{issue.organizationName ?? "No organization"}</InfoRow>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import {
  Alert,
  Button,
  Container,
  Group,
  List,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { IconCircleCheck, IconInfoCircle, IconSend } from "@tabler/icons-react";
import {
  ISSUE_NO_ORGANIZATION_MESSAGE,
  ISSUE_NOT_LOGGED_IN_MESSAGE,
  ISSUE_REQUIRED_FIELDS_MESSAGE,
  ISSUE_SUBMITTED_MESSAGE,
  ISSUE_TYPES,
  ISSUE_TYPE_LABELS,
  issueFailedMessage,
  type IssueType,
  type Me,
} from "@cultivate/shared";
import { ApiClientError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { canOnceApproved } from "@/lib/permissions";
import { FormError } from "@/components/ui/form-error";
import { useSubmitIssue } from "../api/submit-issue";

const TYPE_HINTS: Record<IssueType, string> = {
  bug: "Something does not work as it should",
  data_error: "Donor or campaign data looks wrong",
  feature_request: "An idea for something new or better",
};

/** Submit issue, with the checks of docs/RULES.md, Support issues, in their order. */
export function SubmitIssueForm({ me, onSubmitted }: { me: Me; onSubmitted: () => void }) {
  const submit = useSubmitIssue();
  const [type, setType] = useState<IssueType>("bug");
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!me.organization && !canOnceApproved(me, "seeAllOrganizations")) return setError(ISSUE_NO_ORGANIZATION_MESSAGE);
    if (!title.trim() || !description.trim()) return setError(ISSUE_REQUIRED_FIELDS_MESSAGE);
    submit.mutate(
      { type, title, description },
      {
        onSuccess: () => {
          setDone(true);
          notify.success(ISSUE_SUBMITTED_MESSAGE);
          onSubmitted();
        },
        onError: (err) => {
          if (err instanceof ApiClientError && err.status === 401) setError(ISSUE_NOT_LOGGED_IN_MESSAGE);
          else if (err instanceof ApiClientError && err.status === 400) setError(err.message);
          else notify.error(issueFailedMessage("submit", err.message));
        },
      },
    );
  };

  if (done) {
    return (
      <Container size="sm" py="xl">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />} title="Thank you">
          {ISSUE_SUBMITTED_MESSAGE}
        </Alert>
        <Text c="dimmed" size="sm" mt="sm">
          Taking you back to Support…
        </Text>
      </Container>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb={4}>
        Submit an Issue
      </Title>
      <Text c="dimmed" mb="lg">
        Tell us what went wrong or what you would like to see.
      </Text>
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="lg">
            <Radio.Group label="Issue type" required value={type} onChange={(v) => setType(v as IssueType)}>
              <Stack gap="xs" mt="xs">
                {ISSUE_TYPES.map((t) => (
                  <Radio key={t} value={t} label={ISSUE_TYPE_LABELS[t]} description={TYPE_HINTS[t]} />
                ))}
              </Stack>
            </Radio.Group>
            <TextInput
              label="Title"
              required
              maxLength={200}
              placeholder="A short summary"
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Textarea
              label="Detailed description"
              required
              autosize
              minRows={5}
              maxLength={10000}
              placeholder="What happened, what you expected, and the steps to see it again"
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="What happens next">
              <List size="sm" spacing={2}>
                <List.Item>You will receive a confirmation email.</List.Item>
                <List.Item>Our team reviews your issue.</List.Item>
                <List.Item>You will get an email when it is resolved.</List.Item>
                <List.Item>You can track its status in the Support dashboard.</List.Item>
              </List>
            </Alert>
            <FormError message={error} />
            <Group justify="flex-end">
              <Button component={Link} to="/support" variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={submit.isPending} leftSection={<IconSend size={16} />}>
                Submit Issue
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

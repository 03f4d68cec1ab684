import { useState } from "react";
import { Alert, Badge, Group, Modal, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import {
  NETWORK_ERROR_MESSAGE,
  formatDateTime,
  OUTBOX_STATUS_LABELS,
  plural,
  type OutboxEmailSummary,
  type OutboxStatus,
} from "@cultivate/shared";
import { ListPager, useListPageControls } from "@/components/ui/list-pager";
import { SearchBox } from "@/components/ui/search-box";
import { errorMessage } from "@/lib/api-client";
import type { UrlParamChanges } from "@/lib/url-params";
import { useOutbox, useOutboxEmail, type OutboxParams } from "../api/outbox";

const STATUS_COLOR: Record<OutboxStatus, string> = {
  sent: "teal",
  stored: "blue",
  queued: "yellow",
  sending: "yellow",
  failed: "red",
};

/**
 * The email outbox (docs/RULES.md, Email outbox): every message the product wrote, newest first, 50 a
 * page. Without a mail server nothing is sent, and this is where an admin reads a message to pass it on.
 */
export function EmailOutbox({
  params,
  onChange,
}: {
  params: OutboxParams;
  onChange: (changes: UrlParamChanges, replace?: boolean) => void;
}) {
  const { data, isPending, error } = useOutbox(params);
  const { search, setPage } = useListPageControls(params.page, data, onChange);
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Email Outbox</Title>
        <Text c="dimmed">
          Every email Cultivate sends is kept here first, newest first. Without a mail server (SMTP_URL) nothing is
          sent: open a message to read it and pass it on.
        </Text>
        {data ? (
          <Text c="dimmed" size="sm" mt={4} data-testid="outbox-keep">
            {data.keepDays === null
              ? "Messages are kept for good (OUTBOX_KEEP_DAYS is 0)."
              : `A message is removed ${plural(data.keepDays, "day")} after it was written, once it was sent or given up on; one still waiting to be sent stays.`}
          </Text>
        ) : null}
      </div>
      {/* In a row, as on the other lists: the box grows along it (flex-basis 260 px), never down the page. */}
      <Group>
        <SearchBox value={params.q} onSearch={search} label="Search emails" placeholder="Recipient or subject" />
      </Group>
      {error ? (
        <Alert
          color="red"
          role="alert"
        >{`Failed to load the outbox: ${errorMessage(error, NETWORK_ERROR_MESSAGE)}`}</Alert>
      ) : null}
      {isPending ? (
        <Stack data-testid="outbox-skeleton">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : data && data.emails.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {params.q ? "No emails match this search." : "No emails yet."}
        </Text>
      ) : data ? (
        <Stack gap="sm" aria-label="Emails">
          {data.emails.map((email) => (
            <OutboxEntry key={email.id} email={email} onOpen={() => setOpenId(email.id)} />
          ))}
          <ListPager
            page={params.page}
            pageSize={data.pageSize}
            total={data.total}
            noun="email"
            onPage={setPage}
            label="Email pages"
            testId="outbox-count"
          />
        </Stack>
      ) : null}
      <EmailModal id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

function OutboxEntry({ email, onOpen }: { email: OutboxEmailSummary; onOpen: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="outbox-email">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 260px" }}>
          <UnstyledButton onClick={onOpen} aria-label={`Open "${email.subject}" to ${email.to}`}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }} c="teal.8">
              {email.subject}
            </Text>
          </UnstyledButton>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>{`To ${email.to}`}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(email.createdAt)}
            {email.sentAt ? ` · sent ${formatDateTime(email.sentAt)}` : ""}
            {email.attempts > 0 ? ` · ${plural(email.attempts, "attempt")}` : ""}
          </Text>
          {email.lastError && email.status !== "sent" ? (
            <Text size="xs" c="red.8" style={{ overflowWrap: "anywhere" }}>{`Last error: ${email.lastError}`}</Text>
          ) : null}
        </Stack>
        <Badge color={STATUS_COLOR[email.status]} variant="light" tt="none">
          {OUTBOX_STATUS_LABELS[email.status]}
        </Badge>
      </Group>
    </Paper>
  );
}

function EmailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data, isPending, error } = useOutboxEmail(id);
  return (
    <Modal opened={id !== null} onClose={onClose} title={data?.subject ?? "Email"} size="lg">
      {error ? (
        <Alert color="red" role="alert">
          {errorMessage(error, NETWORK_ERROR_MESSAGE)}
        </Alert>
      ) : isPending || !data ? (
        <Skeleton height={120} />
      ) : (
        <Stack gap="xs">
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>{`To ${data.to}`}</Text>
          <Text size="xs" c="dimmed">
            {`${formatDateTime(data.createdAt)} · ${OUTBOX_STATUS_LABELS[data.status]}`}
          </Text>
          <Paper withBorder p="sm" radius="sm" bg="gray.0">
            <Text
              component="pre"
              size="sm"
              data-testid="outbox-email-text"
              style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: "inherit", margin: 0 }}
            >
              {data.text}
            </Text>
          </Paper>
        </Stack>
      )}
    </Modal>
  );
}

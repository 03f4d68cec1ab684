import { useState } from "react";
import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { formatDate } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useCalendarFeed, useMakeCalendarFeed, useRemoveCalendarFeed } from "../api/calendar-feed";

/**
 * Issue 15: a secret link to one's next steps for Outlook or Google Calendar ("add calendar from URL").
 * The server keeps only a hash, so the link is shown once, right after it is made or reset.
 */
export function CalendarFeedCard() {
  const status = useCalendarFeed(true);
  const make = useMakeCalendarFeed();
  const remove = useRemoveCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const enabled = status.data?.enabled ?? false;

  const create = () =>
    make.mutate(undefined, {
      onSuccess: (res) => {
        setUrl(res.url);
        notify.success(res.message);
      },
      onError: (e) => notify.error(errorMessage(e, "The calendar link could not be made.")),
    });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        {/* Title and text as the account page's other cards have them (same size, no gap between). */}
        <div>
          <Title order={2} size="h4" id="calendar-feed-title">
            Calendar link
          </Title>
          <Text size="sm" c="dimmed">
            Subscribe to your open next steps from Outlook or Google Calendar. Anyone with the link sees your steps'
            titles and donors' names: keep it to yourself, and reset it if it gets out.
          </Text>
        </div>
        {url ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Your calendar link"
              value={url}
              readOnly
              // Shrinks below the link's length at 390 px, so Copy stays beside it on screen.
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? "Copied" : "Copy"}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : enabled && status.data?.createdAt ? (
          <Text size="sm">Your link has been on since {formatDate(status.data.createdAt)}.</Text>
        ) : null}
        <Group gap="xs">
          <Button onClick={create} loading={make.isPending} variant={enabled ? "default" : "filled"}>
            {enabled ? "Reset link" : "Make a calendar link"}
          </Button>
          {enabled ? (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (res) => {
                    setUrl(null);
                    notify.success(res.message);
                  },
                  onError: (e) => notify.error(errorMessage(e, "The calendar link could not be turned off.")),
                })
              }
            >
              Turn off
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

import { useEffect, useState } from "react";
import { Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { digestSettingsInputSchema, formatDateTime, WEEKDAYS } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useDigest, useRemoveDigest, useSaveDigest } from "../api/today";

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, "0")}:00` }));
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
/** The zones this browser knows (every IANA name where supported), with the browser's and UTC always there. */
const zones = () => {
  const known = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  return [...new Set(["UTC", browserZone(), ...known])].sort();
};

/**
 * Issue 15: the weekly digest of one's Today (overdue and due-this-week next steps and the three donor
 * lists), by email on the day and hour one picks, in one's time zone. Off until turned on.
 */
export function DigestCard() {
  const status = useDigest();
  const save = useSaveDigest();
  const remove = useRemoveDigest();
  const [weekday, setWeekday] = useState("1");
  const [hour, setHour] = useState("8");
  const [timeZone, setTimeZone] = useState(browserZone());
  const [error, setError] = useState<string | null>(null);
  const enabled = status.data?.enabled ?? false;
  useEffect(() => {
    if (status.data?.enabled) {
      setWeekday(String(status.data.weekday));
      setHour(String(status.data.hour));
      setTimeZone(status.data.timeZone);
    }
  }, [status.data]);

  const submit = () => {
    const parsed = digestSettingsInputSchema.safeParse({ weekday: Number(weekday), hour: Number(hour), timeZone });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (res) => notify.success(res.message),
      onError: (e) => setError(errorMessage(e, "The digest could not be saved.")),
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="digest-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="digest-title">
          Weekly digest
        </Title>
        <Text size="sm" c="dimmed">
          An email once a week with your overdue and upcoming next steps, and the donors who need your attention.
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Select
            label="Day"
            data={WEEKDAYS.map((d, i) => ({ value: String(i), label: d }))}
            value={weekday}
            onChange={(v) => v && setWeekday(v)}
            allowDeselect={false}
            w={150}
          />
          <Select
            label="Hour"
            data={HOURS}
            value={hour}
            onChange={(v) => v && setHour(v)}
            allowDeselect={false}
            w={110}
          />
          <Select
            label="Time zone"
            data={zones()}
            value={timeZone}
            onChange={(v) => v && setTimeZone(v)}
            searchable
            allowDeselect={false}
            error={error}
            w={240}
          />
        </Group>
        {enabled && status.data?.lastSentAt ? (
          <Text size="sm">Last sent {formatDateTime(status.data.lastSentAt)}.</Text>
        ) : null}
        <Group gap="xs">
          <Button onClick={submit} loading={save.isPending}>
            {enabled ? "Save" : "Turn on the digest"}
          </Button>
          {enabled ? (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (res) => notify.success(res.message),
                  onError: (e) => notify.error(errorMessage(e, "The digest could not be turned off.")),
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

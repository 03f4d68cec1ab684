import { useEffect, useState } from "react";
import { Button, Group, NumberInput, Paper, Stack, Text, Title } from "@mantine/core";
import { NO_CONTACT_DAYS_MAX, NO_CONTACT_DAYS_MIN, organizationSettingsInputSchema } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useOrganizationSettings, useSaveOrganizationSettings } from "../api/today";

/**
 * The owner's "no contact after N days" (docs/RULES.md, The officer's day): how long without a contact
 * before a donor appears on their relationship manager's Today. Checked with the server's own schema.
 */
export function NoContactSettingCard() {
  const settings = useOrganizationSettings(true);
  const save = useSaveOrganizationSettings();
  const [value, setValue] = useState<number | string>("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setValue(settings.data.noContactDays);
  }, [settings.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = organizationSettingsInputSchema.safeParse({ noContactDays: value === "" ? null : Number(value) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (res) => notify.success(res.message),
      onError: (err) => setError(errorMessage(err, "The setting could not be saved.")),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="no-contact-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="no-contact-title">
            Donors without contact
          </Title>
          <Text size="sm" c="dimmed">
            A donor with no contact for this many days appears on their relationship manager's Today page and weekly
            digest.
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label="No contact after (days)"
              min={NO_CONTACT_DAYS_MIN}
              max={NO_CONTACT_DAYS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={value}
              onChange={setValue}
              error={error}
              disabled={settings.isPending}
              w={200}
            />
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

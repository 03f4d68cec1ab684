import { useState, type FormEvent } from "react";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import {
  PASSWORD_HINT,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DO_NOT_MATCH,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  FILL_ALL_FIELDS_MESSAGE,
} from "@cultivate/shared";
import { FormError } from "@/components/ui/form-error";
import { PasswordField } from "@/components/ui/password-field";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useChangePassword } from "../api/account-security";

export function ChangePasswordCard() {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!currentPassword) return setError(CURRENT_PASSWORD_REQUIRED_MESSAGE);
    if (!newPassword || !confirm) return setError(FILL_ALL_FIELDS_MESSAGE);
    if (newPassword !== confirm) return setError(PASSWORDS_DO_NOT_MATCH);
    if (newPassword.length < PASSWORD_MIN_LENGTH) return setError(PASSWORD_TOO_SHORT_MESSAGE);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          notify.success("Password changed successfully! Other devices have been signed out.");
          setCurrent("");
          setNew("");
          setConfirm("");
        },
        onError: (err) => setError(errorMessage(err, "Failed to change password.")),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <div>
            <Title order={2} size="h4">
              Change Password
            </Title>
            <Text size="sm" c="dimmed">
              Your other signed-in devices are signed out when the password changes.
            </Text>
          </div>
          <FormError message={error} />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <PasswordField
            label="New password"
            description={PASSWORD_HINT}
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNew(e.currentTarget.value)}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

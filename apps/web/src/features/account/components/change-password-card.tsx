import { useState, type FormEvent } from "react";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { CURRENT_PASSWORD_REQUIRED_MESSAGE, FILL_ALL_FIELDS_MESSAGE, newPasswordProblem } from "@cultivate/shared";
import { FormError } from "@/components/ui/form-error";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
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
    const problem = newPasswordProblem(newPassword, confirm);
    if (problem) return setError(problem);
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
          <NewPasswordFields
            labels={["New password", "Confirm new password"]}
            password={newPassword}
            confirmPassword={confirm}
            onPassword={setNew}
            onConfirmPassword={setConfirm}
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

import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { newPasswordProblem } from "@cultivate/shared";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
import { FormError } from "@/components/ui/form-error";
import { PASSWORD_RESET_SUCCESS_MESSAGE, RESET_LINK_INVALID_MESSAGE } from "@/lib/messages";
import { useResetPassword } from "../api/reset-password";
import { AuthCard } from "./auth-card";

function InvalidLink() {
  return (
    <Stack>
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
        {RESET_LINK_INVALID_MESSAGE}
      </Alert>
      <Button component={Link} to="/forgot-password" variant="light" fullWidth>
        Request a new link
      </Button>
    </Stack>
  );
}

export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  // better-auth redirects here with ?token=… or, for a bad or expired link, ?error=INVALID_TOKEN.
  const token = searchParams.get("token");
  const linkError = searchParams.get("error");
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    const problem = newPasswordProblem(password, confirmPassword);
    setError(problem);
    if (problem) return;
    resetPassword.mutate({ newPassword: password, token });
  };

  let content;
  if (!token || linkError || resetPassword.isError) {
    content = <InvalidLink />;
  } else if (resetPassword.isSuccess) {
    content = (
      <Stack>
        <Alert color="green" variant="light" role="status" icon={<IconCircleCheck size={18} />}>
          {PASSWORD_RESET_SUCCESS_MESSAGE}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Sign in
        </Button>
      </Stack>
    );
  } else {
    content = (
      <form onSubmit={handleSubmit}>
        <Stack>
          <FormError message={error} />
          <NewPasswordFields
            labels={["New password", "Confirm new password"]}
            required
            password={password}
            confirmPassword={confirmPassword}
            onPassword={setPassword}
            onConfirmPassword={setConfirmPassword}
          />
          <Button type="submit" fullWidth loading={resetPassword.isPending}>
            Reset password
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    );
  }

  return <AuthCard title="Reset your password">{content}</AuthCard>;
}

import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { RESET_LINK_SENT_MESSAGE } from "@/lib/messages";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { AuthCard } from "./auth-card";

export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Same neutral answer whatever happens, so the form cannot reveal which emails have accounts.
    requestReset.mutate(email.trim(), { onSettled: () => setSent(true) });
  };

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we'll send you a reset link.">
      {sent ? (
        <Stack>
          <Alert color="teal" variant="light" role="status" icon={<IconMailCheck size={18} />}>
            {RESET_LINK_SENT_MESSAGE}
          </Alert>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit}>
          <Stack>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" fullWidth loading={requestReset.isPending}>
              Send reset link
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              Remembered it?{" "}
              <Anchor component={Link} to="/login" size="sm">
                Back to sign in
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

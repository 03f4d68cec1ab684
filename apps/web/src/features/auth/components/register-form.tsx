import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { newPasswordProblem, UNEXPECTED_ERROR_MESSAGE } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
import { FormError } from "@/components/ui/form-error";
import { useSignUp } from "../api/sign-up";
import { getMe } from "../api/get-me";
import { queryKeys } from "@/lib/query-keys";
import { AuthCard } from "./auth-card";

export function RegisterForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const queryClient = useQueryClient();
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmPassword);
    setError(problem);
    if (problem) return;
    signUp.mutate(
      { email: email.trim(), password },
      {
        // The server answers the same whether or not the address already had an account (so sign-up
        // tells a stranger nothing); only a new account comes with a session.
        onSuccess: () => {
          void queryClient
            .fetchQuery({ queryKey: queryKeys.me, queryFn: getMe, staleTime: 0 })
            .catch(() => null)
            .then((me) => (me ? navigate("/onboarding-form") : setMailedTo(email.trim())));
        },
        onError: (err) => setError(errorMessage(err, UNEXPECTED_ERROR_MESSAGE)),
      },
    );
  };

  if (mailedTo) {
    return (
      <AuthCard title="Check your email">
        <Stack>
          <Alert color="blue" role="status">
            We sent a message to {mailedTo}. If you already have an account with this address, sign in or reset your
            password from there.
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            Go to sign in
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Forgot your password?
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" subtitle="Start building cultivation plans for your donors.">
      <form onSubmit={handleSubmit}>
        <Stack>
          <FormError message={error} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <NewPasswordFields
            labels={["Password", "Confirm password"]}
            required
            password={password}
            confirmPassword={confirmPassword}
            onPassword={setPassword}
            onConfirmPassword={setConfirmPassword}
          />
          <Button type="submit" fullWidth loading={signUp.isPending}>
            Create account
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Already have an account?{" "}
            {/* Underlined: a link inside a sentence is told apart by more than its colour (WCAG 1.4.1). */}
            <Anchor component={Link} to="/login" size="sm" underline="always">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { PASSWORD_HINT, UNEXPECTED_ERROR_MESSAGE } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { PasswordField } from "@/components/ui/password-field";
import { FormError } from "@/components/ui/form-error";
import { useSignUp } from "../api/sign-up";
import { validateNewPassword } from "../utils/validate-new-password";
import { AuthCard } from "./auth-card";

export function RegisterForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirmPassword);
    setError(problem);
    if (problem) return;
    signUp.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => navigate("/onboarding-form"),
        onError: (err) => setError(errorMessage(err, UNEXPECTED_ERROR_MESSAGE)),
      },
    );
  };

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
          <PasswordField
            label="Password"
            description={PASSWORD_HINT}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={signUp.isPending}>
            Create account
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Already have an account?{" "}
            <Anchor component={Link} to="/login" size="sm">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

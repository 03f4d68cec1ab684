import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { UNEXPECTED_ERROR_MESSAGE } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { PasswordField } from "@/components/ui/password-field";
import { FormError } from "@/components/ui/form-error";
import { useSignIn } from "../api/sign-in";
import { needsSecondFactor } from "../api/verify-two-factor";
import { TwoFactorStep } from "./two-factor-step";
import { AuthCard } from "./auth-card";

export function LoginForm() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Accounts with two-factor on: the password was right, the code is next (better-auth `twoFactorRedirect`).
  const [codeStep, setCodeStep] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    signIn.mutate(
      { email: email.trim(), password, rememberMe },
      {
        onSuccess: (answer) =>
          needsSecondFactor(answer) ? setCodeStep(true) : void navigate("/dashboard?from=sign-in"),
        onError: (err) => setError(errorMessage(err, UNEXPECTED_ERROR_MESSAGE)),
      },
    );
  };

  if (codeStep) {
    return (
      <AuthCard title="Two-factor sign-in" subtitle="One more step to confirm it's you.">
        <TwoFactorStep
          onVerified={() => void navigate("/dashboard?from=sign-in")}
          onCancel={() => {
            setCodeStep(false);
            setPassword("");
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in to Cultivate" subtitle="Welcome back. Sign in to pick up where your team left off.">
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
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="space-between">
            <Checkbox
              label="Remember me"
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.currentTarget.checked)}
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={signIn.isPending}>
            Sign in
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            New to Cultivate?{" "}
            <Anchor component={Link} to="/register" size="sm" underline="always">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

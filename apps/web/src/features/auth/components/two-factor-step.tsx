import { useState, type FormEvent } from "react";
import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { UNEXPECTED_ERROR_MESSAGE } from "@cultivate/shared";
import { FormError } from "@/components/ui/form-error";
import { errorMessage } from "@/lib/api-client";
import { useVerifyTwoFactor } from "../api/verify-two-factor";

interface TwoFactorStepProps {
  onVerified: () => void;
  onCancel: () => void;
}

/** The code step of sign-in for accounts with two-factor on: an authenticator code, or a backup code. */
export function TwoFactorStep({ onVerified, onCancel }: TwoFactorStepProps) {
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState("");
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!code.trim()) {
      setError("Please enter the code.");
      return;
    }
    verify.mutate(
      { code, backup },
      {
        onSuccess: onVerified,
        onError: (err) => setError(errorMessage(err, UNEXPECTED_ERROR_MESSAGE)),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit}>
      <Stack>
        <Text size="sm" c="dimmed">
          {backup
            ? "Enter one of the backup codes you saved when you turned on two-factor sign-in. Each code works once."
            : "Open your authenticator app and enter the 6-digit code for Cultivate."}
        </Text>
        <FormError message={error} />
        <TextInput
          label={backup ? "Backup code" : "Authentication code"}
          autoComplete="one-time-code"
          inputMode={backup ? "text" : "numeric"}
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify
        </Button>
        <Stack gap={4} align="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setBackup((b) => !b);
              setCode("");
              setError(null);
            }}
          >
            {backup ? "Use the authenticator code instead" : "Use a backup code instead"}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
            Back to sign in
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}

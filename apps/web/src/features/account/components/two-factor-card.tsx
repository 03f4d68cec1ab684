import { CURRENT_PASSWORD_REQUIRED_MESSAGE } from "@cultivate/shared";
import { useEffect, useState, type FormEvent } from "react";
import QRCode from "qrcode";
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconShieldCheck, IconShieldOff } from "@tabler/icons-react";
import { FormError } from "@/components/ui/form-error";
import { PasswordField } from "@/components/ui/password-field";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import {
  useAuthSession,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  type EnableTwoFactorAnswer,
} from "../api/account-security";

/** Step 2 of set-up: scan the QR code, keep the backup codes, confirm with a code. */
function SetupStep({
  setup,
  onDone,
  onCancel,
}: {
  setup: EnableTwoFactorAnswer;
  onDone: () => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const secret = new URL(setup.totpURI).searchParams.get("secret") ?? "";

  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(setup.totpURI, { margin: 1, width: 200 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [setup.totpURI]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!code.trim()) return setError("Please enter the code.");
    confirm.mutate(code.trim(), {
      onSuccess: () => {
        notify.success("Two-factor sign-in is on.");
        onDone();
      },
      onError: (err) => setError(errorMessage(err, "The code could not be checked.")),
    });
  };

  return (
    <Stack>
      <Text size="sm">
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or enter the key by hand.
      </Text>
      <Group align="flex-start" gap="xl">
        {qr ? (
          <Image src={qr} w={200} h={200} alt="QR code for your authenticator app" />
        ) : (
          <Skeleton w={200} h={200} />
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
          <Text size="sm" fw={600}>
            Key
          </Text>
          <Code data-testid="totp-secret" style={{ wordBreak: "break-all" }}>
            {secret}
          </Code>
          <Text size="sm" fw={600} mt="sm">
            Backup codes
          </Text>
          <Text size="xs" c="dimmed">
            Keep these somewhere safe. Each one signs you in once if you lose your authenticator.
          </Text>
          <SimpleGrid cols={2} spacing={4} data-testid="backup-codes">
            {setup.backupCodes.map((c) => (
              <Code key={c}>{c}</Code>
            ))}
          </SimpleGrid>
        </Stack>
      </Group>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <FormError message={error} />
          <TextInput
            label="Code from your app"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              Verify and turn on
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** A password prompt for turning two-factor on or off. */
function PasswordStep({
  label,
  pending,
  error,
  onSubmit,
}: {
  label: string;
  pending: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState("");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(password);
      }}
      noValidate
    >
      <Stack>
        <FormError message={error} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TwoFactorCard() {
  const session = useAuthSession();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [mode, setMode] = useState<"idle" | "enable" | "disable">("idle");
  const [setup, setSetup] = useState<EnableTwoFactorAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enabled = session.data?.user.twoFactorEnabled === true;

  const reset = () => {
    setMode("idle");
    setSetup(null);
    setError(null);
  };

  const start = (password: string) => {
    setError(null);
    if (!password) return setError(CURRENT_PASSWORD_REQUIRED_MESSAGE);
    enable.mutate(password, {
      onSuccess: setSetup,
      onError: (err) => setError(errorMessage(err, "Failed to start set-up.")),
    });
  };
  const stop = (password: string) => {
    setError(null);
    if (!password) return setError(CURRENT_PASSWORD_REQUIRED_MESSAGE);
    disable.mutate(password, {
      onSuccess: () => {
        notify.success("Two-factor sign-in is off.");
        reset();
      },
      onError: (err) => setError(errorMessage(err, "Failed to turn off two-factor sign-in.")),
    });
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Group justify="space-between">
          <div>
            <Title order={2} size="h4">
              Two-Factor Sign-In
            </Title>
            <Text size="sm" c="dimmed">
              Ask for a code from an authenticator app after your password.
            </Text>
          </div>
          {session.isPending ? null : (
            <Badge
              size="lg"
              color={enabled ? "teal" : "gray"}
              leftSection={enabled ? <IconShieldCheck size={14} /> : <IconShieldOff size={14} />}
            >
              {enabled ? "On" : "Off"}
            </Badge>
          )}
        </Group>
        {session.isError ? <Alert color="red">Could not load your security settings.</Alert> : null}
        {mode === "idle" && !session.isPending ? (
          <Group>
            {enabled ? (
              <Button variant="light" color="red" onClick={() => setMode("disable")}>
                Turn off two-factor sign-in
              </Button>
            ) : (
              <Button onClick={() => setMode("enable")}>Turn on two-factor sign-in</Button>
            )}
          </Group>
        ) : null}
        {mode === "enable" && !setup ? (
          <PasswordStep label="Continue" pending={enable.isPending} error={error} onSubmit={start} />
        ) : null}
        {mode === "enable" && setup ? <SetupStep setup={setup} onDone={reset} onCancel={reset} /> : null}
        {mode === "disable" ? (
          <PasswordStep label="Turn off" pending={disable.isPending} error={error} onSubmit={stop} />
        ) : null}
      </Stack>
    </Paper>
  );
}

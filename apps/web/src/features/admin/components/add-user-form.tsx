import { useState, type FormEvent } from "react";
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import {
  createUserInputSchema,
  NETWORK_ERROR_MESSAGE,
  userCreatedMessage,
  FILL_ALL_FIELDS_MESSAGE,
} from "@cultivate/shared";
import { FormError } from "@/components/ui/form-error";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useCreateUser } from "../api/users";

interface AddUserFormProps {
  /** Admins on a filtered page place the new user in that organisation. */
  organizationId: string | null;
  /** Called after a user was created (the page refreshes the list a second later). */
  onCreated: () => void;
}

/** Add New User: email, password, confirm password, with the messages of docs/RULES.md, Administration. */
export function AddUserForm({ organizationId, onCreated }: AddUserFormProps) {
  const createUser = useCreateUser();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const input = { email, password, confirmPassword, organizationId };
    // The same schema as the server, so the messages and their order match.
    const checked = createUserInputSchema.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? FILL_ALL_FIELDS_MESSAGE);
      return;
    }
    createUser.mutate(input, {
      onSuccess: ({ user }) => {
        notify.success(userCreatedMessage(user.email));
        setEmail("");
        setPassword("");
        setConfirmPassword("");
        onCreated();
      },
      onError: (err) => notify.error(`Failed to create user: ${errorMessage(err, NETWORK_ERROR_MESSAGE)}`),
    });
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Add New User
          </Title>
          <FormError message={error} />
          {/* Inputs on one line: the password hint must not push its box below the other two. */}
          <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: "end" }}>
            <TextInput
              label="Email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <NewPasswordFields
              labels={["Password", "Confirm Password"]}
              password={password}
              confirmPassword={confirmPassword}
              onPassword={setPassword}
              onConfirmPassword={setConfirmPassword}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconUserPlus size={18} />} loading={createUser.isPending}>
              Create User
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

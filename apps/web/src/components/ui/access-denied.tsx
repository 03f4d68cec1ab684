import type { ReactNode } from "react";
import { Alert, Container, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";

interface AccessDeniedProps {
  message: string;
  /** Omit when the message already starts with "Access Denied". */
  title?: string;
  /** What the user can do about it (issue 14: who can give a user without a role access). */
  nextStep?: ReactNode;
}

export function AccessDenied({ message, title, nextStep }: AccessDeniedProps) {
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" role="alert" title={title} icon={<IconLock size={20} />}>
        <Stack gap="xs">
          <Text size="sm">{message}</Text>
          {nextStep ? (
            <Text size="sm" data-testid="access-next-step">
              {nextStep}
            </Text>
          ) : null}
        </Stack>
      </Alert>
    </Container>
  );
}

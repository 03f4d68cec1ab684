import { Alert, Container } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";

interface AccessDeniedProps {
  message: string;
  /** Omit when the message already starts with "Access Denied". */
  title?: string;
}

export function AccessDenied({ message, title }: AccessDeniedProps) {
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" role="alert" title={title} icon={<IconLock size={20} />}>
        {message}
      </Alert>
    </Container>
  );
}

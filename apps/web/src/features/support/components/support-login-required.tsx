import { Alert, Button, Container, Stack } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";

/** docs/RULES.md, Support issues: support screens need a signed-in user, otherwise "You must be logged in...". */
export function SupportLoginRequired({ message }: { message: string }) {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" variant="light" role="alert" icon={<IconLock size={20} />}>
          {message}
        </Alert>
        <Button component={Link} to="/login" variant="light" w="fit-content">
          Sign in
        </Button>
      </Stack>
    </Container>
  );
}

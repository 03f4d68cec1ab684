import { Link } from "react-router";
import { Anchor, Button, Container, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconUserQuestion } from "@tabler/icons-react";

/** docs/RULES.md, Donors: shown for a donor that is missing or belongs to another organisation (both 404). */
export function DonorNotFound() {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconUserQuestion size={32} />
          </ThemeIcon>
          <Title order={2}>Donor Not Found</Title>
          <Text c="dimmed">The donor you're looking for doesn't exist or you don't have permission to view it.</Text>
          <Button component={Link} to="/donors">
            Back to Donor List
          </Button>
          <Anchor component={Link} to="/donors" size="sm">
            Go to the donor list
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}

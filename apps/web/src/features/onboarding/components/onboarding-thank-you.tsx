import { Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";

export function OnboardingThankYou() {
  return (
    <Container size="sm" py={64}>
      <Paper withBorder shadow="sm" radius="md" p="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" color="green" variant="light">
            <IconCircleCheck size={38} />
          </ThemeIcon>
          <Title order={1}>Thank you!</Title>
          <Text c="dimmed">
            Your application has been received and is now under review by our team. We'll email you as soon as your
            account is approved.
          </Text>
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Taking you to your application status…
            </Text>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

import { Container, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { COMING_SOON_MESSAGE } from "@/lib/messages";

export function ComingSoon({ title }: { title: string }) {
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconTools size={26} />
          </ThemeIcon>
          <Text c="dimmed">{COMING_SOON_MESSAGE}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}

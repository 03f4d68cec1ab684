import { Link } from "react-router";
import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { usePageTitle } from "@/lib/page-title";

export function NotFoundRoute() {
  usePageTitle("Page Not Found");
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={96} fw={900} c="teal.7" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you are looking for doesn't exist or has been moved.</Text>
        <Button component={Link} to="/" size="md" mt="sm">
          Go back home
        </Button>
      </Stack>
    </Container>
  );
}

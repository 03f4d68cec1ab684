import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { usePageTitle } from "@/lib/page-title";

/** Last-resort screen for render errors and failed page loads (e.g. a stale chunk after a deploy). */
export function RouteError() {
  usePageTitle("Something Went Wrong");
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">Please reload the page. If the problem continues, contact support.</Text>
        {detail ? <Text size="sm">{detail}</Text> : null}
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button component={Link} to="/" variant="subtle">
          Go back home
        </Button>
      </Stack>
    </Container>
  );
}

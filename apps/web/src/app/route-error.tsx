import { useEffect, useState } from "react";
import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { usePageTitle } from "@/lib/page-title";

/** How browsers word a page's code that failed to load (Chromium, Firefox, Safari), and Vite its CSS. */
const CHUNK_LOAD_FAILED = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;
const RELOADED_AT = "cultivate:reloaded-for-new-version";

const UNREACHABLE_MESSAGE = "Cultivate could not be reached. Check your connection, then reload the page.";

/**
 * Last-resort screen for render errors and failed page loads. A page whose code fails to load is either
 * a deploy that replaced it (the server answers: the new version is loaded, once a minute at most) or a
 * server that cannot be reached (the screen says so).
 */
export function RouteError() {
  usePageTitle("Something Went Wrong");
  const error = useRouteError();
  console.error(error);
  const chunk = error instanceof Error && CHUNK_LOAD_FAILED.test(error.message);
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    if (!chunk) return;
    let live = true;
    fetch("/api/health", { cache: "no-store" }).then(
      (res) => {
        const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
        if (res.ok && Date.now() - last > 60_000) {
          sessionStorage.setItem(RELOADED_AT, String(Date.now()));
          window.location.reload();
        } else if (!res.ok && live) setUnreachable(true);
      },
      () => live && setUnreachable(true),
    );
    return () => {
      live = false;
    };
  }, [chunk]);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed" role={unreachable ? "alert" : undefined}>
          {unreachable ? UNREACHABLE_MESSAGE : "Please reload the page. If the problem continues, contact support."}
        </Text>
        {detail ? <Text size="sm">{detail}</Text> : null}
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button component={Link} to="/" variant="subtle">
          Go back home
        </Button>
      </Stack>
    </Container>
  );
}

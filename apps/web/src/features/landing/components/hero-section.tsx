import { Link } from "react-router";
import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowRight, IconCheck, IconCircleDashed, IconProgress } from "@tabler/icons-react";
import { STAGES } from "@cultivate/shared";
import classes from "./landing.module.css";

// Illustration only: what a donor's roadmap looks like inside the product.
const EXAMPLE_PROGRESS = ["done", "done", "current", "upcoming", "upcoming"] as const;

function RoadmapPreview() {
  return (
    <Paper
      shadow="xl"
      radius="lg"
      p="lg"
      withBorder
      className={classes.preview}
      role="img"
      aria-label="Example cultivation roadmap: Discovery and Connection done, Deepening in progress"
    >
      <Group justify="space-between" mb="md">
        <div>
          <Text fw={700}>Jordan Ellis</Text>
          <Text size="xs" c="dimmed">
            Estimated capacity $250,000
          </Text>
        </div>
        <Badge variant="light">Major gift prospect</Badge>
      </Group>
      <Stack gap={10}>
        {STAGES.map((stage, index) => {
          const state = EXAMPLE_PROGRESS[index] ?? "upcoming";
          return (
            <Group key={stage} gap="sm" wrap="nowrap">
              <ThemeIcon
                size={28}
                radius="xl"
                variant={state === "done" ? "filled" : "light"}
                color={state === "upcoming" ? "gray" : "teal"}
              >
                {state === "done" ? (
                  <IconCheck size={16} />
                ) : state === "current" ? (
                  <IconProgress size={16} />
                ) : (
                  <IconCircleDashed size={16} />
                )}
              </ThemeIcon>
              <Text size="sm" fw={state === "current" ? 700 : 500} c={state === "upcoming" ? "dimmed" : undefined}>
                {stage}
              </Text>
              {state === "current" ? (
                <Badge size="xs" ml="auto" color="teal">
                  Next step ready
                </Badge>
              ) : null}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}

export function HeroSection({ signedIn }: { signedIn: boolean }) {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 48, md: 88 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} style={{ alignItems: "center" }}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              Donor cultivation for major gifts
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              A personalized cultivation plan for <span className={classes.highlight}>every major donor</span>
            </Title>
            <Text size="lg" c="dimmed">
              Cultivate imports your donor data from your donor-research platform or CRM and turns it into personalized
              cultivation roadmaps, so your team always knows who to approach next and how.
            </Text>
            <Group>
              <Button
                component={Link}
                to={signedIn ? "/dashboard" : "/register"}
                size="md"
                rightSection={<IconArrowRight size={18} />}
              >
                {signedIn ? "Go to your dashboard" : "Get started"}
              </Button>
              <Button component="a" href="#how-it-works" size="md" variant="default">
                See how it works
              </Button>
            </Group>
            <Group gap="xl" mt="sm">
              <div>
                <Text fz={28} fw={800} c="teal.7" lh={1.1}>
                  $499B+
                </Text>
                <Text size="sm" c="dimmed">
                  Over $499 billion in annual giving
                </Text>
              </div>
              <div>
                <Text fz={28} fw={800} c="teal.7" lh={1.1}>
                  $50,000+
                </Text>
                <Text size="sm" c="dimmed">
                  Built for gifts over $50,000
                </Text>
              </div>
            </Group>
          </Stack>
          <RoadmapPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

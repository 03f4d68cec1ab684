import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconRoute, IconTargetArrow, IconUsersGroup, type Icon } from "@tabler/icons-react";

const BENEFITS: { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconRoute,
    title: "Build cultivation plans",
    text: "Get a personalized, stage-by-stage roadmap for every prospect, from Discovery to Follow-Up.",
  },
  {
    icon: IconTargetArrow,
    title: "Prioritize outreach",
    text: "Focus your officers on the donors most ready to give, starting with gifts over $50,000.",
  },
  {
    icon: IconUsersGroup,
    title: "Team coordination",
    text: "Assign roles and track progress so staff, board members and consultants move in step.",
  },
];

export function WhySection() {
  return (
    <Container component="section" size="lg" py={{ base: 48, md: 80 }} aria-labelledby="why-title">
      <Stack align="center" gap="xs" mb={40} ta="center">
        <Title id="why-title" order={2} fz={{ base: 28, md: 36 }}>
          Why Cultivate?
        </Title>
        <Text c="dimmed" maw={640}>
          Donors give over $499 billion a year. Cultivate helps your team earn its share with a clear plan for each
          relationship that matters.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {BENEFITS.map(({ icon: BenefitIcon, title, text }) => (
          <Card key={title} withBorder radius="md" padding="xl" shadow="xs">
            <ThemeIcon size={48} radius="md" variant="light" mb="md">
              <BenefitIcon size={26} />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

import { Box, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCloudUpload, IconMessages, IconShieldLock, IconSparkles, type Icon } from "@tabler/icons-react";
import classes from "./landing.module.css";

const STEPS: { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconCloudUpload,
    title: "Upload and connect",
    text: "Import donor data from your donor-research platform or CRM with a simple file upload.",
  },
  {
    icon: IconSparkles,
    title: "Strategize automatically",
    text: "AI drafts a personalized recommendation for each donor at every engagement stage.",
  },
  {
    icon: IconMessages,
    title: "Collaborate",
    text: "Assign roles, share context and track progress together as one team.",
  },
  {
    icon: IconShieldLock,
    title: "Secure cloud access",
    text: "Your donor data stays protected and available to your team wherever they work.",
  },
];

export function HowItWorksSection() {
  return (
    <Box component="section" id="how-it-works" className={classes.muted} aria-labelledby="how-title">
      <Container size="lg" py={{ base: 48, md: 80 }}>
        <Stack align="center" gap="xs" mb={40} ta="center">
          <Title id="how-title" order={2} fz={{ base: 28, md: 36 }}>
            How it works
          </Title>
          <Text c="dimmed" maw={600}>
            From spreadsheet to strategy in four steps.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl" component="ol" className={classes.steps}>
          {STEPS.map(({ icon: StepIcon, title, text }, index) => (
            <Stack key={title} gap="sm" component="li">
              <div className={classes.stepIcon}>
                <ThemeIcon size={56} radius="xl">
                  <StepIcon size={28} />
                </ThemeIcon>
                <span className={classes.stepNumber} aria-hidden>
                  {index + 1}
                </span>
              </div>
              <Title order={3} fz="lg">
                <span className={classes.visuallyHidden}>Step {index + 1}: </span>
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

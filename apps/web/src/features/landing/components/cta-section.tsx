import { useState } from "react";
import { Link } from "react-router";
import { Button, Container, Group, Paper, Text, Title } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { TEST_EMAIL_FAILED_MESSAGE, TEST_EMAIL_SENT_MESSAGE } from "@/lib/messages";
import { sendTestEmail } from "../api/send-test-email";
import classes from "./landing.module.css";

function TestEmailButton() {
  const [sending, setSending] = useState(false);

  const handleClick = async () => {
    setSending(true);
    try {
      const response = await sendTestEmail();
      console.log("Test email response:", response);
      window.alert(TEST_EMAIL_SENT_MESSAGE);
    } catch (error) {
      console.log("Test email failed:", error);
      window.alert(TEST_EMAIL_FAILED_MESSAGE);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      variant="subtle"
      color="white"
      leftSection={<IconMailForward size={18} />}
      loading={sending}
      onClick={() => void handleClick()}
    >
      Test Email
    </Button>
  );
}

export function CtaSection() {
  return (
    <Container component="section" size="lg" py={{ base: 48, md: 80 }} aria-labelledby="cta-title">
      <Paper radius="lg" p={{ base: "xl", md: 56 }} className={classes.cta}>
        <Title id="cta-title" order={2} c="white" fz={{ base: 26, md: 34 }} ta="center">
          Ready to cultivate your next major gift?
        </Title>
        <Text c="white" opacity={0.9} ta="center" maw={620} mx="auto" mt="sm">
          See how Cultivate turns donor data into a plan your whole team can act on, with secure cloud access from
          anywhere.
        </Text>
        <Group justify="center" mt="xl">
          <Button component={Link} to="/dashboard" size="md" color="white" c="teal.8">
            Request a Demo
          </Button>
          <Button component={Link} to="/login" size="md" variant="outline" color="white">
            Contact Us
          </Button>
          <TestEmailButton />
        </Group>
      </Paper>
    </Container>
  );
}

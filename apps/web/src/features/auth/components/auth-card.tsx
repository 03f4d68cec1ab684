import type { ReactNode } from "react";
import { Container, Paper, Text, Title } from "@mantine/core";

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card that frames sign-in, registration and password screens. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Container size={440} py={48}>
      <Title order={1} ta="center" fz={28}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" size="sm" ta="center" mt={6}>
          {subtitle}
        </Text>
      ) : null}
      <Paper withBorder shadow="sm" p={28} mt="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}

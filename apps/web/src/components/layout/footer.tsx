import { Box, Container, Group, Text } from "@mantine/core";
import { PRODUCT_NAME } from "@cultivate/shared";

export const FOOTER_HEIGHT = 56;

export function Footer() {
  return (
    <Box component="footer" h={FOOTER_HEIGHT} style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between">
          <Text size="sm" c="dimmed">
            {`© 2025 ${PRODUCT_NAME}`}
          </Text>
          <Text size="sm" c="dimmed" visibleFrom="sm">
            Donor cultivation for nonprofit teams
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

import { Text } from "@mantine/core";

/**
 * Slot for the global AI provider selector of the admin dashboard's AI Configuration block
 * (part 2 "Admin dashboard"). The campaigns/AI feature provides the selector component
 * (values openai / gpt-5 / claude, admin-only changes, "Failed to update AI provider setting");
 * render it here in place of this note.
 */
export function AiProviderSettingSlot() {
  return (
    <Text size="sm" c="dimmed" data-testid="ai-provider-slot">
      The AI provider selector is not available yet.
    </Text>
  );
}

import { List, Paper, Text, Title } from "@mantine/core";

/** docs/RULES.md, Groups: a how-to panel, in our own wording. */
export function HowToPanel() {
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
      <Title order={4} mb="xs">
        How to use donor groups
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          <Text span fw={600}>
            Static groups
          </Text>{" "}
          hold the donors you pick: create one here, then on the donor list select donors and choose Add to Group (or
          Remove from Group).
        </List.Item>
        <List.Item>
          <Text span fw={600}>
            Saved filter groups
          </Text>{" "}
          remember a set of filters: set filters on the donor list and click Save Group. Opening one shows the donors
          that match those filters today.
        </List.Item>
        <List.Item>Open a group to see its donors on the donor list; "View all donors" returns to everyone.</List.Item>
      </List>
    </Paper>
  );
}

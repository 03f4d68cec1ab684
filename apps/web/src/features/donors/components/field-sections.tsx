import { useState } from "react";
import { Badge, Collapse, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";

export interface SectionField {
  key: string;
  label: string;
  /** Already formatted; null when empty (shown as N/A). */
  display: string | null;
}

export interface FieldSection {
  title: string;
  fields: SectionField[];
}

function SectionPanel({ section, defaultOpen }: { section: FieldSection; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const filled = section.fields.filter((f) => f.display !== null).length;
  const id = `section-${section.title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Paper withBorder radius="md">
      <UnstyledButton w="100%" p="md" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
            <Text fw={600}>{section.title}</Text>
          </Group>
          <Badge
            variant="light"
            color={filled ? "teal" : "gray"}
            aria-label={`${filled} of ${section.fields.length} fields filled`}
          >
            {filled} / {section.fields.length}
          </Badge>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={id}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="xs" px="md" pb="md">
          {section.fields.map((f) => (
            <div key={f.key}>
              <Text size="xs" c="dimmed">
                {f.label}
              </Text>
              <Text size="sm" c={f.display === null ? "dimmed" : undefined} style={{ overflowWrap: "anywhere" }}>
                {f.display ?? "N/A"}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Collapse>
    </Paper>
  );
}

/** Collapsible sections with a count of filled fields; an empty field shows N/A (docs/RULES.md, Donors). */
export function FieldSections({ sections, defaultOpen = false }: { sections: FieldSection[]; defaultOpen?: boolean }) {
  return (
    <Stack gap="sm">
      {sections.map((s, i) => (
        <SectionPanel key={s.title} section={s} defaultOpen={defaultOpen || i === 0} />
      ))}
    </Stack>
  );
}

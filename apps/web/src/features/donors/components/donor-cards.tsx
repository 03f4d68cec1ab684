import { memo } from "react";
import { Link } from "react-router";
import { Anchor, Badge, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { donorSortFirstDir, formatDate, formatMoney, type DonorListRow, type DonorSortKey } from "@cultivate/shared";
import { donorLink, listName } from "./donor-table";

const SORTABLE: [DonorSortKey, string][] = [
  ["lastName", "Name"],
  ["estimatedCapacity", "Capacity"],
  ["totalGiftAmount", "Total Gifts"],
  ["qualityScore", "Quality Score"],
  ["lastGiftDate", "Last Gift"],
  ["dsRating", "DS Rating"],
  ["age", "Age"],
  ["lastContactDate", "Last Contact"],
  ["daysSinceContact", "Days Since Contact"],
];
const DIR_WORDS = {
  lastName: { asc: "A to Z", desc: "Z to A" },
  dsRating: { asc: "A to Z", desc: "Z to A" },
  lastGiftDate: { asc: "oldest first", desc: "newest first" },
  lastContactDate: { asc: "oldest first", desc: "newest first" },
} as Partial<Record<DonorSortKey, { asc: string; desc: string }>>;
const dirWord = (key: DonorSortKey, dir: "asc" | "desc") =>
  DIR_WORDS[key]?.[dir] ?? (dir === "desc" ? "largest first" : "smallest first");

/** Each sort as one choice ("Capacity, largest first"), the column's first direction first. */
const SORT_OPTIONS = SORTABLE.flatMap(([key, label]) => {
  const first = donorSortFirstDir(key);
  const second: "asc" | "desc" = first === "asc" ? "desc" : "asc";
  return [first, second].map((dir) => ({ value: `${key}:${dir}`, label: `${label}, ${dirWord(key, dir)}` }));
});

interface DonorCardsProps {
  rows: DonorListRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  sort: DonorSortKey;
  dir: "asc" | "desc";
  onSortChange: (key: DonorSortKey, dir: "asc" | "desc") => void;
  showOrganization: boolean;
}

const Fact = ({ label, value }: { label: string; value: string }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500}>
      {value}
    </Text>
  </div>
);

/**
 * The donor list on a phone (below 768 px, issue 14): one card per donor with the figures a fundraiser
 * checks first, the same selection and links as the table, and the sort as one choice.
 */
export const DonorCards = memo(function DonorCards({
  rows,
  selected,
  onToggle,
  sort,
  dir,
  onSortChange,
  showOrganization,
}: DonorCardsProps) {
  return (
    <Stack gap="sm" p="sm">
      <Select
        label="Sort by"
        data={SORT_OPTIONS}
        value={`${sort}:${dir}`}
        onChange={(v) => {
          if (!v) return;
          const [key, d] = v.split(":") as [DonorSortKey, "asc" | "desc"];
          onSortChange(key, d);
        }}
        allowDeselect={false}
        size="sm"
      />
      <Stack gap="sm" component="ul" aria-label="Donors" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {rows.map((row) => {
          const name = listName(row);
          return (
            <Card
              key={row.id}
              component="li"
              withBorder
              radius="md"
              padding="sm"
              data-selected={selected.has(row.id) || undefined}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                  <Checkbox
                    mt={3}
                    aria-label={`Select ${[row.firstName, row.lastName].filter(Boolean).join(" ") || "donor"}`}
                    checked={selected.has(row.id)}
                    onChange={() => onToggle(row.id)}
                  />
                  <div style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={donorLink(row.id)} fw={600} style={{ overflowWrap: "anywhere" }}>
                      {name}
                    </Anchor>
                    {row.email ? (
                      <Text size="xs" c="dimmed" truncate="end" title={row.email}>
                        {row.email}
                      </Text>
                    ) : null}
                    {showOrganization ? (
                      <Text size="xs" c="dimmed">
                        {row.organizationName}
                      </Text>
                    ) : null}
                  </div>
                </Group>
                <Badge
                  variant="light"
                  color={row.currentStage === "Complete" ? "teal" : "blue"}
                  style={{ flex: "none" }}
                >
                  {row.currentStage}
                </Badge>
              </Group>
              <SimpleGrid cols={3} spacing="xs" mt="xs">
                <Fact label="Capacity" value={formatMoney(row.estimatedCapacity)} />
                <Fact label="Total Gifts" value={formatMoney(row.totalGiftAmount)} />
                <Fact label="Quality Score" value={row.qualityScore === null ? "N/A" : String(row.qualityScore)} />
                <Fact label="DS Rating" value={row.dsRating ?? "N/A"} />
                <Fact label="Last Gift" value={formatDate(row.lastGiftDate)} />
                <Fact label="Age" value={row.age === null ? "N/A" : String(row.age)} />
                <Fact
                  label="Relationship Manager"
                  value={
                    row.relationshipManager
                      ? (row.relationshipManager.name ?? row.relationshipManager.email)
                      : "Unassigned"
                  }
                />
                <Fact label="Last Contact" value={formatDate(row.lastContactDate)} />
              </SimpleGrid>
              <Button
                component={Link}
                to={donorLink(row.id)}
                size="compact-sm"
                variant="light"
                leftSection={<IconEye size={14} />}
                mt="xs"
                fullWidth
                aria-label={`View Details of ${name}`}
              >
                View Details
              </Button>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
});

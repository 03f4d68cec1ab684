import { memo } from "react";
import { Select, Stack, getSpacing, rem } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { donorSortFirstDir, formatDate, formatMoney, type DonorListRow, type DonorSortKey } from "@cultivate/shared";
import {
  PlainAnchorLink,
  PlainBadge,
  PlainButtonLink,
  PlainCardItem,
  PlainCheckbox,
  PlainGrid,
  PlainGroup,
  PlainText,
  usePlainStyles,
  useRouteLinkClicks,
  type GroupLayout,
  type PlainStyles,
} from "@/components/ui/plain-cells";
import classes from "./donor-cards.module.css";
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

const Fact = ({ styles, label, value }: { styles: PlainStyles; label: string; value: string }) => (
  <div>
    <PlainText styles={styles} size="xs" dimmed>
      {label}
    </PlainText>
    <PlainText styles={styles} size="sm" fw={500}>
      {value}
    </PlainText>
  </div>
);

// A card's fixed layout and styles (the plain pieces of ADR 066: a card was about 55 Mantine components).
const HEAD: GroupLayout = { gap: "xs", align: "flex-start", justify: "space-between", wrap: "nowrap" };
const NAME: GroupLayout = { gap: "sm", align: "flex-start", justify: "flex-start", wrap: "nowrap" };
const SHRINKS = { minWidth: 0 };
const CHECK_STYLE = { marginTop: rem(3) };
const LINK_STYLE = { overflowWrap: "anywhere" } as const;
const BADGE_STYLE = { flex: "none" };
const BELOW = { marginTop: getSpacing("xs") };
const EYE = <IconEye size={14} />;

/**
 * The donor list on a phone (below 768 px, issue 14): one card per donor with the figures a fundraiser
 * checks first, the same selection and links as the table, and the sort as one choice. The cards are plain
 * elements with Mantine's classes, and their links are followed by the list (ADR 066).
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
  const styles = usePlainStyles();
  const onLinkClick = useRouteLinkClicks();
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
      <Stack
        gap="sm"
        component="ul"
        aria-label="Donors"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
        onClick={onLinkClick}
      >
        {rows.map((row) => {
          const name = listName(row);
          return (
            <PlainCardItem
              key={row.id}
              styles={styles}
              radius="md"
              padding="sm"
              className={classes.card}
              data-selected={selected.has(row.id) || undefined}
            >
              <PlainGroup styles={styles} layout={HEAD}>
                <PlainGroup styles={styles} layout={NAME} style={SHRINKS}>
                  <PlainCheckbox
                    styles={styles}
                    style={CHECK_STYLE}
                    label={`Select ${[row.firstName, row.lastName].filter(Boolean).join(" ") || "donor"}`}
                    checked={selected.has(row.id)}
                    onChange={() => onToggle(row.id)}
                  />
                  <div style={SHRINKS}>
                    <PlainAnchorLink styles={styles} to={donorLink(row.id)} fw={600} style={LINK_STYLE}>
                      {name}
                    </PlainAnchorLink>
                    {row.email ? (
                      <PlainText styles={styles} size="xs" dimmed truncate title={row.email}>
                        {row.email}
                      </PlainText>
                    ) : null}
                    {showOrganization ? (
                      <PlainText styles={styles} size="xs" dimmed>
                        {row.organizationName}
                      </PlainText>
                    ) : null}
                  </div>
                </PlainGroup>
                <PlainBadge
                  styles={styles}
                  color={row.currentStage === "Complete" ? "teal" : "blue"}
                  style={BADGE_STYLE}
                >
                  {row.currentStage}
                </PlainBadge>
              </PlainGroup>
              <PlainGrid cols={3} spacing="xs" style={BELOW}>
                <Fact styles={styles} label="Capacity" value={formatMoney(row.estimatedCapacity)} />
                <Fact styles={styles} label="Total Gifts" value={formatMoney(row.totalGiftAmount)} />
                <Fact
                  styles={styles}
                  label="Quality Score"
                  value={row.qualityScore === null ? "N/A" : String(row.qualityScore)}
                />
                <Fact styles={styles} label="DS Rating" value={row.dsRating ?? "N/A"} />
                <Fact styles={styles} label="Last Gift" value={formatDate(row.lastGiftDate)} />
                <Fact styles={styles} label="Age" value={row.age === null ? "N/A" : String(row.age)} />
                <Fact
                  styles={styles}
                  label="Relationship Manager"
                  value={
                    row.relationshipManager
                      ? (row.relationshipManager.name ?? row.relationshipManager.email)
                      : "Unassigned"
                  }
                />
                <Fact styles={styles} label="Last Contact" value={formatDate(row.lastContactDate)} />
              </PlainGrid>
              <PlainButtonLink
                styles={styles}
                to={donorLink(row.id)}
                leftSection={EYE}
                style={BELOW}
                fullWidth
                aria-label={`View Details of ${name}`}
              >
                View Details
              </PlainButtonLink>
            </PlainCardItem>
          );
        })}
      </Stack>
    </Stack>
  );
});

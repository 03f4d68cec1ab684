import { memo, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import { Badge, Button, Checkbox, Group, ScrollArea, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconEye } from "@tabler/icons-react";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { formatMoney, type DonorListRow, type DonorSortKey } from "@cultivate/shared";
import classes from "./donor-table.module.css";

const column = createColumnHelper<DonorListRow>();

const dateText = (iso: string | null) => {
  if (!iso) return "N/A";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
};
const text = (v: string | number | null) => (v === null || v === "" ? "N/A" : String(v));

/** A row's height before it is measured (px): one line of text and a compact button, as measured in Chromium. */
const ROW_HEIGHT_ESTIMATE = 47;
/** Rows rendered beyond the window's edges, so a scroll shows rows already there. */
const OVERSCAN = 6;
/**
 * Pages up to this many rows are drawn whole, so the browser's find-in-page and a screen reader see every
 * donor of the default page (50); longer pages (100, 200) draw only the rows near the screen.
 */
const VIRTUALIZE_ABOVE = 60;

/**
 * Where the table body starts in the page (px from the document's top), kept current when anything above it
 * changes height (filters shown or hidden, the selection bar): the window virtualizer counts from there.
 */
function usePageOffset(ref: RefObject<HTMLElement | null>) {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (ref.current) setOffset(Math.round(ref.current.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

interface DonorTableProps {
  rows: DonorListRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  sort: DonorSortKey;
  dir: "asc" | "desc";
  onSort: (key: DonorSortKey) => void;
  showOrganization: boolean;
}

/**
 * One server page of donors; sorting is done by the server (manualSorting), never on this page. Only the rows
 * near the window are in the page (TanStack Virtual, ADR 039): a page of 50–200 rows of Mantine cells took most of
 * a filter change's time to render. Memoised: the list re-renders while a new page loads, the table only for new rows.
 */
export const DonorTable = memo(function DonorTable({
  rows,
  selected,
  onToggle,
  sort,
  dir,
  onSort,
  showOrganization,
}: DonorTableProps) {
  const columns = useMemo(
    () => [
      column.display({
        id: "select",
        header: () => (
          <Text span size="sm" c="dimmed">
            Select
          </Text>
        ),
        cell: ({ row }) => {
          const name = [row.original.firstName, row.original.lastName].filter(Boolean).join(" ");
          return (
            <Checkbox
              aria-label={`Select ${name || "donor"}`}
              checked={selected.has(row.original.id)}
              onChange={() => onToggle(row.original.id)}
            />
          );
        },
      }),
      column.accessor("lastName", {
        header: "Name",
        // Listed by Last Name (docs/RULES.md, Donors), so the name reads "Last, First".
        cell: ({ row }) => {
          const { lastName, firstName } = row.original;
          return (
            <Text size="sm" fw={500}>
              {[lastName, firstName].filter(Boolean).join(", ") || "N/A"}
            </Text>
          );
        },
      }),
      column.accessor("email", { header: "Email", cell: (c) => text(c.getValue()) }),
      column.accessor("dsRating", { header: "DS Rating", cell: (c) => text(c.getValue()) }),
      column.accessor("qualityScore", { header: "Quality Score", cell: (c) => text(c.getValue()) }),
      column.accessor("estimatedCapacity", { header: "Capacity", cell: (c) => formatMoney(c.getValue()) }),
      column.accessor("totalGiftAmount", { header: "Total Gifts", cell: (c) => formatMoney(c.getValue()) }),
      column.accessor("lastGiftDate", { header: "Last Gift", cell: (c) => dateText(c.getValue()) }),
      column.accessor("age", { header: "Age", cell: (c) => text(c.getValue()) }),
      column.accessor("currentStage", {
        header: "Stage",
        cell: (c) => (
          <Badge
            variant="light"
            color={c.getValue() === "Complete" ? "teal" : "blue"}
            style={{ overflow: "visible" }}
            miw="max-content"
          >
            {c.getValue()}
          </Badge>
        ),
      }),
      ...(showOrganization
        ? [column.accessor("organizationName", { header: "Organization", cell: (c) => c.getValue() })]
        : []),
      column.display({
        id: "actions",
        header: () => (
          <Text span size="sm" c="dimmed">
            Actions
          </Text>
        ),
        cell: ({ row }) => (
          <Button
            component={Link}
            to={`/donor/${row.original.id}/dashboard`}
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={14} />}
          >
            View Details
          </Button>
        ),
      }),
    ],
    [selected, onToggle, showOrganization],
  );

  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => r.id,
    manualSorting: true,
    manualPagination: true,
  });

  const modelRows = table.getRowModel().rows;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const scrollMargin = usePageOffset(bodyRef);
  const virtualizer = useWindowVirtualizer({
    count: modelRows.length,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => modelRows[index]!.id,
  });
  const virtualize = modelRows.length > VIRTUALIZE_ABOVE;
  const virtualItems = virtualizer.getVirtualItems();
  const items = virtualize ? virtualItems : modelRows.map((_, index) => ({ index }));
  const before = virtualize && virtualItems.length ? virtualItems[0]!.start - scrollMargin : 0;
  const after =
    virtualize && virtualItems.length ? virtualizer.getTotalSize() - virtualItems[virtualItems.length - 1]!.end : 0;

  const sortable = (id: string): id is DonorSortKey =>
    ["lastName", "dsRating", "qualityScore", "estimatedCapacity", "totalGiftAmount", "lastGiftDate", "age"].includes(
      id,
    );

  return (
    <ScrollArea type="auto">
      <Table
        highlightOnHover
        verticalSpacing="xs"
        miw={1150}
        aria-label="Donors"
        aria-rowcount={modelRows.length + 1}
        style={{ whiteSpace: "nowrap" }}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((hg) => (
            <Table.Tr key={hg.id} aria-rowindex={1}>
              {hg.headers.map((h) => {
                const id = h.column.id;
                const content = flexRender(h.column.columnDef.header, h.getContext());
                if (!sortable(id)) return <Table.Th key={h.id}>{content}</Table.Th>;
                const active = sort === id;
                const Icon = active ? (dir === "asc" ? IconArrowUp : IconArrowDown) : IconArrowsSort;
                return (
                  <Table.Th key={h.id} aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}>
                    <UnstyledButton onClick={() => onSort(id)} fz="sm" fw={700}>
                      <Group gap={4} wrap="nowrap">
                        {content}
                        <Icon size={14} opacity={active ? 1 : 0.4} />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody ref={bodyRef}>
          {before > 0 ? <tr aria-hidden style={{ height: before }} /> : null}
          {items.map((item) => {
            const row = modelRows[item.index]!;
            return (
              <Table.Tr
                key={row.id}
                ref={virtualize ? virtualizer.measureElement : undefined}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                // Striped by the row's place in the page, not among the rows rendered.
                className={item.index % 2 === 0 ? classes.striped : undefined}
                data-selected={selected.has(row.id) || undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {after > 0 ? <tr aria-hidden style={{ height: after }} /> : null}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
});

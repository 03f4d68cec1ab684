import { useMemo } from "react";
import { Link } from "react-router";
import { Badge, Button, Checkbox, Group, ScrollArea, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconEye } from "@tabler/icons-react";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { formatMoney, type DonorListRow, type DonorSortKey } from "@cultivate/shared";

const column = createColumnHelper<DonorListRow>();

const dateText = (iso: string | null) => {
  if (!iso) return "N/A";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
};
const text = (v: string | number | null) => (v === null || v === "" ? "N/A" : String(v));

interface DonorTableProps {
  rows: DonorListRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  sort: DonorSortKey;
  dir: "asc" | "desc";
  onSort: (key: DonorSortKey) => void;
  showOrganization: boolean;
}

/** One server page of donors; sorting is done by the server (manualSorting), never on this page. */
export function DonorTable({ rows, selected, onToggle, sort, dir, onSort, showOrganization }: DonorTableProps) {
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

  const sortable = (id: string): id is DonorSortKey =>
    ["lastName", "dsRating", "qualityScore", "estimatedCapacity", "totalGiftAmount", "lastGiftDate", "age"].includes(
      id,
    );

  return (
    <ScrollArea type="auto">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        miw={1150}
        aria-label="Donors"
        style={{ whiteSpace: "nowrap" }}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((hg) => (
            <Table.Tr key={hg.id}>
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
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id} data-selected={selected.has(row.id) || undefined}>
              {row.getVisibleCells().map((cell) => (
                <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

import { useCallback, useEffect } from "react";
import { Group, Pagination, Text } from "@mantine/core";
import { plural } from "@cultivate/shared";

const COUNT = new Intl.NumberFormat("en-US");

interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The counted word, singular ("user"); the plural adds an s unless given. */
  noun: string;
  nounPlural?: string;
  onPage: (page: number) => void;
  /** The page buttons' accessible name ("User pages"). */
  label: string;
  testId?: string;
}

/**
 * Under a paged list: "Showing 51–57 of 57 users" and, with more than one page, the page buttons, which
 * bring the window back to the top.
 */
export function ListPager({ page, pageSize, total, noun, nounPlural, onPage, label, testId }: ListPagerProps) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages);
  const first = (current - 1) * pageSize + 1;
  const last = Math.min(total, current * pageSize);
  return (
    <Group justify="space-between" wrap="wrap" mt="md">
      <Text size="sm" c="dimmed" data-testid={testId}>
        {`Showing ${COUNT.format(first)}–${COUNT.format(last)} of ${plural(total, noun, nounPlural)}`}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={current}
          onChange={(next) => {
            onPage(next);
            // The buttons sit under the list: the next page starts at the top, as a new page would.
            window.scrollTo({ top: 0 });
          }}
          aria-label={label}
          getControlProps={(c) => ({ "aria-label": c === "previous" ? "Previous page" : "Next page" })}
        />
      ) : null}
    </Group>
  );
}

/**
 * What a paged, searchable list does with its address (User and Organization Management): a new search
 * goes back to page 1 and replaces the history entry; a page past the end (rows were removed, or an old
 * link) moves to the last page once the answer says how many there are.
 */
export function useListPageControls(
  page: number,
  answer: { total: number; pageSize: number } | undefined,
  onChange: (changes: Record<string, string | undefined>, replace?: boolean) => void,
) {
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  useEffect(() => {
    if (answer && page > pages) onChange({ page: pages > 1 ? String(pages) : undefined }, true);
  }, [answer, page, pages, onChange]);
  const search = useCallback((next: string) => onChange({ q: next || undefined, page: undefined }, true), [onChange]);
  const setPage = useCallback((p: number) => onChange({ page: p > 1 ? String(p) : undefined }), [onChange]);
  return { search, setPage };
}

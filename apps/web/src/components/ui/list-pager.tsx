import { useCallback, useEffect } from "react";
import { Group, Pagination, Text } from "@mantine/core";
import { formatNumber, plural } from "@cultivate/shared";

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
  /**
   * The id of what the next page should start at (the list's heading), when the list is not the first
   * thing on the page; by default the window's top.
   */
  scrollTo?: string;
}

/**
 * Under a paged list: "Showing 51–57 of 57 users" and, with more than one page, the page buttons, which
 * bring the window back to the top.
 */
export function ListPager({
  page,
  pageSize,
  total,
  noun,
  nounPlural,
  onPage,
  label,
  testId,
  scrollTo,
}: ListPagerProps) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages);
  const first = (current - 1) * pageSize + 1;
  const last = Math.min(total, current * pageSize);
  return (
    <Group justify="space-between" wrap="wrap" mt="md">
      <Text size="sm" c="dimmed" data-testid={testId}>
        {`Showing ${formatNumber(first)}–${formatNumber(last)} of ${plural(total, noun, nounPlural)}`}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={current}
          onChange={(next) => {
            onPage(next);
            // The buttons sit under the list: the next page starts at its top, as a new page would.
            const start = scrollTo ? document.getElementById(scrollTo) : null;
            if (start) start.scrollIntoView({ block: "start" });
            else window.scrollTo({ top: 0 });
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
 * link) moves to the last page once the answer says how many there are. `pageKey` names the page's
 * parameter when a screen has two lists (Donor Groups: `page` and `savedPage`).
 */
export function useListPageControls(
  page: number,
  answer: { total: number; pageSize: number } | undefined,
  onChange: (
    changes: Record<string, string | undefined>,
    replace?: boolean,
    options?: { keepScroll?: boolean },
  ) => void,
  pageKey = "page",
) {
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  useEffect(() => {
    if (answer && page > pages) onChange({ [pageKey]: pages > 1 ? String(pages) : undefined }, true);
  }, [answer, page, pages, onChange, pageKey]);
  const search = useCallback(
    (next: string) => onChange({ q: next || undefined, [pageKey]: undefined }, true),
    [onChange, pageKey],
  );
  const setPage = useCallback(
    // ListPager scrolls to the list itself; the router's jump to the top would undo that for a second list.
    (p: number) => onChange({ [pageKey]: p > 1 ? String(p) : undefined }, false, { keepScroll: true }),
    [onChange, pageKey],
  );
  return { search, setPage };
}

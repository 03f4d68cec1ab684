import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconFilterOff, IconSearch } from "@tabler/icons-react";
import {
  DONOR_DATE_FILTER_FIELDS,
  DONOR_RANGE_FILTER_FIELDS,
  PORTFOLIO_FILTER_MINE,
  PORTFOLIO_FILTER_UNASSIGNED,
  STAGE_FILTER_OPTIONS,
  decodeDonorFilters,
  donorFilterProblems,
  donorRangeLimits,
  encodeDonorFilters,
  type DonorFilterSettings,
} from "@cultivate/shared";

type Key = keyof DonorFilterSettings;
type NumberKey = {
  [K in Key]: NonNullable<DonorFilterSettings[K]> extends number ? K : never;
}[Key];

/** The panel's element id (the Filters button controls it). */
export const DONOR_FILTERS_PANEL_ID = "donor-filters";

/** Today as YYYY-MM-DD in the browser's time zone (the last-gift-date filter's default maximum). */
export const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

interface RangeSpec {
  label: string;
  min: NumberKey;
  max: NumberKey;
  money?: boolean;
  bounds?: readonly [number, number];
  /** What a bound may be (the one range rule, packages/shared donorRangeLimits). */
  limits: { min: number; max: number };
  step?: number;
  decimals?: number;
}

/** The numeric ranges of docs/RULES.md, Donor filters, in the order they are shown: the catalogue's range filters. */
const RANGES: RangeSpec[] = DONOR_RANGE_FILTER_FIELDS.map(({ label, filter }) => ({
  label,
  min: filter.min as NumberKey,
  max: filter.max as NumberKey,
  money: filter.unit === "money" || undefined,
  bounds: filter.bounds,
  limits: donorRangeLimits(filter),
  step: filter.step,
  decimals: filter.decimals,
}));

type DateKey = { [K in Key]: NonNullable<DonorFilterSettings[K]> extends string ? K : never }[Key];
/** The date ranges (Last Gift Date, Largest Gift Date): the catalogue's date-range filters. */
const DATE_RANGES = DONOR_DATE_FILTER_FIELDS.map(({ label, filter }) => ({
  label,
  min: filter.min as DateKey,
  max: filter.max as DateKey,
  defaultMin: filter.defaultMin,
}));

/** How long typing must pause before the list asks the server (ms). */
const TYPING_PAUSE_MS = 350;

type Problems = ReturnType<typeof donorFilterProblems>;

/**
 * Sends the settings unless they are what the list already shows (or was last asked for). A value the range rule
 * refuses stays in its box with the sentence under it and is left out of what is sent; the other filters apply.
 */
function sendIfNew(
  settings: DonorFilterSettings,
  lastSent: { current: string },
  onChange: { current: (encoded: string) => void },
) {
  const applicable: Record<string, unknown> = { ...settings };
  for (const key of Object.keys(donorFilterProblems(settings))) delete applicable[key];
  const next = encodeDonorFilters(applicable);
  if (next !== lastSent.current) {
    lastSent.current = next;
    onChange.current(next);
  }
}

interface DonorFiltersPanelProps {
  /** The URL's `filters` value (decoded JSON text, "" for none). */
  encoded: string;
  dsRatings: string[];
  onChange: (encoded: string) => void;
  /** Issue 15: the Portfolio filter's colleagues (value: user id; label: name). Keep the array stable. */
  portfolioOptions?: PortfolioOption[];
}

export type PortfolioOption = { value: string; label: string };
const NO_PORTFOLIO_OPTIONS: PortfolioOption[] = [];

/**
 * Every filter of docs/RULES.md, Donor filters. Edits apply by themselves (no Apply button): a choice (a list pick,
 * Clear Filters) at once, typed text (search, numbers, dates) after a short pause in the typing. What is shown at
 * its default (Quality Score 0–10, Age 0–120, last gift 1900-01-01 … today) does not filter. A value out of its
 * field's range, or a minimum above its maximum, is refused at the box with the server's sentence and not sent.
 * Memoised: the list re-renders with every page of rows, the panel only when its own props change (ADR 039).
 */
export const DonorFiltersPanel = memo(function DonorFiltersPanel({
  encoded,
  dsRatings,
  onChange,
  portfolioOptions = NO_PORTFOLIO_OPTIONS,
}: DonorFiltersPanelProps) {
  const [draft, setDraft] = useState<DonorFilterSettings>(() => decodeDonorFilters(encoded));
  const [debounced] = useDebouncedValue(draft, TYPING_PAUSE_MS);
  const lastSent = useRef(encoded);

  // The URL changed from outside (a saved group opened, "View all donors", back button): follow it.
  useEffect(() => {
    if (encoded !== lastSent.current) {
      lastSent.current = encoded;
      setDraft(decodeDonorFilters(encoded));
    }
  }, [encoded]);

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // Typed text: sent once the typing pauses (a choice made since then already carried the same draft).
  useEffect(() => sendIfNew(debounced, lastSent, onChangeRef), [debounced]);

  /** A typed value: shown at once, sent after the pause. */
  const onType = useCallback<TypeHandler>((key, value) => setDraft((d) => withValue(d, key, value)), []);
  /** A choice: sent at once, with whatever is typed so far (issue 13: no wait after a pick). */
  const onChoose = useCallback((next: DonorFilterSettings) => {
    setDraft(next);
    sendIfNew(next, lastSent, onChangeRef);
  }, []);

  // The fields are their own memoised component: the URL catching up with what this panel sent re-renders
  // the panel, not its thirty inputs.
  const problems = useMemo(() => donorFilterProblems(draft), [draft]);
  return (
    <FilterFields
      draft={draft}
      problems={problems}
      dsRatings={dsRatings}
      portfolioOptions={portfolioOptions}
      onType={onType}
      onChoose={onChoose}
    />
  );
});

const withValue = <K extends Key>(d: DonorFilterSettings, key: K, value: DonorFilterSettings[K] | undefined) => {
  const next = { ...d };
  if (value === undefined || value === "") delete next[key];
  else next[key] = value;
  return next;
};

type TypeHandler = <K extends Key>(key: K, value: DonorFilterSettings[K] | undefined) => void;

const FilterFields = memo(function FilterFields({
  draft,
  problems,
  dsRatings,
  portfolioOptions,
  onType: set,
  onChoose: choose,
}: {
  draft: DonorFilterSettings;
  problems: Problems;
  dsRatings: string[];
  portfolioOptions: PortfolioOption[];
  onType: TypeHandler;
  onChoose: (next: DonorFilterSettings) => void;
}) {
  const numberValue = (v: number | string): number | undefined =>
    v === "" || v === null || Number.isNaN(Number(v)) ? undefined : Number(v);

  const ratingOptions = [
    ...new Set([...dsRatings, ...(draft.selectedDSRatingFilter ? [draft.selectedDSRatingFilter] : [])]),
  ];
  const today = todayIso();

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Filters" id={DONOR_FILTERS_PANEL_ID}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Search name or email"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} />}
          value={draft.searchTerm ?? ""}
          onChange={(e) => set("searchTerm", e.currentTarget.value)}
        />
        <Select
          label="DS Rating"
          placeholder="All Ratings"
          data={[{ value: "all", label: "All Ratings" }, ...ratingOptions.map((r) => ({ value: r, label: r }))]}
          value={draft.selectedDSRatingFilter ?? "all"}
          onChange={(v) => choose(withValue(draft, "selectedDSRatingFilter", v && v !== "all" ? v : undefined))}
          allowDeselect={false}
        />
        <Select
          label="Current Stage"
          data={[{ value: "all", label: "All Stages" }, ...STAGE_FILTER_OPTIONS.map((s) => ({ value: s, label: s }))]}
          value={draft.selectedStageFilter ?? "all"}
          onChange={(v) => choose(withValue(draft, "selectedStageFilter", v && v !== "all" ? v : undefined))}
          allowDeselect={false}
        />
        <Select
          label="Portfolio"
          data={[
            { value: "all", label: "All donors" },
            { value: PORTFOLIO_FILTER_MINE, label: "My portfolio" },
            { value: PORTFOLIO_FILTER_UNASSIGNED, label: "Unassigned" },
            ...portfolioOptions,
            // A colleague named by the URL or a saved group who is no longer listed still shows as chosen.
            ...(draft.portfolio &&
            ![PORTFOLIO_FILTER_MINE, PORTFOLIO_FILTER_UNASSIGNED].includes(draft.portfolio) &&
            !portfolioOptions.some((o) => o.value === draft.portfolio)
              ? [{ value: draft.portfolio, label: "A colleague" }]
              : []),
          ]}
          value={draft.portfolio ?? "all"}
          onChange={(v) => choose(withValue(draft, "portfolio", v && v !== "all" ? v : undefined))}
          allowDeselect={false}
          searchable
        />
        <TextInput
          label="First Date Range"
          placeholder='e.g. "1995" or "2005-20"'
          value={draft.firstDateRange ?? ""}
          onChange={(e) => set("firstDateRange", e.currentTarget.value)}
        />
        {DATE_RANGES.map((r) => {
          // A range with a default minimum (last gift date: 1900-01-01 … today) shows its defaults and
          // drops a bound set back to them; the others show empty boxes.
          const to = r.defaultMin ? today : "";
          return (
            <DateRange
              key={r.label}
              label={r.label}
              from={draft[r.min] ?? r.defaultMin ?? ""}
              to={draft[r.max] ?? to}
              onFrom={(v) => set(r.min, v && v !== r.defaultMin ? v : undefined)}
              onTo={(v) => set(r.max, v && v !== to ? v : undefined)}
              error={problems[r.min] ?? problems[r.max]}
            />
          );
        })}
        {RANGES.map((r) => {
          const error = problems[r.min] ?? problems[r.max];
          return (
            <div key={r.label}>
              <Text size="sm" fw={500} mb={2}>
                {r.label}
              </Text>
              <Group gap={6} grow wrap="nowrap">
                {(["min", "max"] as const).map((end) => {
                  const key = r[end];
                  const fallback = r.bounds ? (end === "min" ? r.bounds[0] : r.bounds[1]) : undefined;
                  return (
                    <NumberInput
                      key={end}
                      aria-label={`${end === "min" ? "Min" : "Max"} ${r.label}`}
                      placeholder={
                        fallback !== undefined ? String(fallback) : end === "min" ? (r.money ? "$0" : "0") : "No max"
                      }
                      value={draft[key] ?? ""}
                      onChange={(v) => {
                        const n = numberValue(v);
                        set(key, n === fallback ? undefined : n);
                      }}
                      min={r.limits.min}
                      max={r.limits.max}
                      // Never changed behind the user's back (issue 14: an Age max of 150 was silently erased): a value
                      // out of range stays in the box with the rule's sentence under the pair, and is not applied.
                      clampBehavior="none"
                      error={Boolean(problems[key])}
                      aria-describedby={problems[key] ? errorId(r.label) : undefined}
                      allowDecimal={r.decimals !== 0}
                      step={r.step ?? (r.money ? 1000 : 1)}
                      decimalScale={r.money ? 2 : r.decimals}
                      prefix={r.money ? "$" : undefined}
                      thousandSeparator={r.money ? "," : undefined}
                      allowNegative={false}
                      hideControls={r.money}
                    />
                  );
                })}
              </Group>
              <FieldError id={errorId(r.label)} message={error} />
            </div>
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => choose({})}
          disabled={Object.keys(draft).length === 0}
        >
          Clear Filters
        </Button>
      </Group>
    </Paper>
  );
});

const errorId = (label: string) => `filter-error-${label.replace(/\W+/g, "-").toLowerCase()}`;

/** The range rule's sentence under a pair of boxes, read with the box it is about (aria-describedby). */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <Text id={id} size="xs" c="red.8" mt={4} role="alert">
      {message}
    </Text>
  ) : null;
}

/** A date box that reports only complete dates while typing, and an empty box (= default) on blur. */
function DateBox({
  label,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      type="date"
      aria-label={label}
      error={invalid}
      aria-describedby={describedBy}
      value={text}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setText(v);
        if (/^\d{4}-\d{2}-\d{2}$/.test(v)) onChange(v);
      }}
      onBlur={() => {
        if (text !== "") return;
        onChange("");
        setText(value);
      }}
    />
  );
}

function DateRange(props: {
  label: string;
  from: string;
  to: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
  error?: string;
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={2}>
        {props.label}
      </Text>
      <Group gap={6} grow wrap="nowrap">
        <DateBox label={`${props.label} from`} value={props.from} onChange={props.onFrom} />
        <DateBox
          label={`${props.label} to`}
          value={props.to}
          onChange={props.onTo}
          invalid={Boolean(props.error)}
          describedBy={props.error ? errorId(props.label) : undefined}
        />
      </Group>
      <FieldError id={errorId(props.label)} message={props.error} />
    </div>
  );
}

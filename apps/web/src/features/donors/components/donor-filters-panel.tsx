import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
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
import { TYPING_PAUSE_MS } from "@/lib/typing";

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
type DateRangeSpec = (typeof DATE_RANGES)[number];

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
  const onType = useCallback<FieldHandler>((key, value) => setDraft((d) => withValue(d, key, value)), []);
  // The draft a choice starts from: the handlers stay the same functions, so a field re-renders only for its own value.
  const draftRef = useRef(draft);
  draftRef.current = draft;
  /** A choice: sent at once, with whatever is typed so far (issue 13: no wait after a pick). */
  const choose = useCallback((next: DonorFilterSettings) => {
    draftRef.current = next;
    setDraft(next);
    sendIfNew(next, lastSent, onChangeRef);
  }, []);
  const onChoose = useCallback<FieldHandler>((key, value) => choose(withValue(draftRef.current, key, value)), [choose]);
  const onClear = useCallback(() => choose({}), [choose]);

  const problems = useMemo(() => donorFilterProblems(draft), [draft]);
  const ratingData = useMemo(
    () => [
      ALL_RATINGS,
      ...[...new Set([...dsRatings, ...(draft.selectedDSRatingFilter ? [draft.selectedDSRatingFilter] : [])])].map(
        (r) => ({ value: r, label: r }),
      ),
    ],
    [dsRatings, draft.selectedDSRatingFilter],
  );
  const portfolioData = useMemo(
    () => [
      ...PORTFOLIO_CHOICES,
      ...portfolioOptions,
      // A colleague named by the URL or a saved group who is no longer listed still shows as chosen.
      ...(draft.portfolio &&
      ![PORTFOLIO_FILTER_MINE, PORTFOLIO_FILTER_UNASSIGNED].includes(draft.portfolio) &&
      !portfolioOptions.some((o) => o.value === draft.portfolio)
        ? [{ value: draft.portfolio, label: "A colleague" }]
        : []),
    ],
    [portfolioOptions, draft.portfolio],
  );
  const today = todayIso();

  // Each field is its own memoised component and the handlers never change (issue 13): a pick re-renders the
  // field it changed, not the panel's thirty inputs, while the click that made it is still being handled.
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Filters" id={DONOR_FILTERS_PANEL_ID}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="sm" verticalSpacing="sm">
        <TextField
          field="searchTerm"
          label="Search name or email"
          placeholder="Name or email"
          leftSection={SEARCH_ICON}
          value={draft.searchTerm ?? ""}
          onType={onType}
        />
        <ChoiceField
          field="selectedDSRatingFilter"
          label="DS Rating"
          placeholder="All Ratings"
          data={ratingData}
          value={draft.selectedDSRatingFilter}
          onChoose={onChoose}
        />
        <ChoiceField
          field="selectedStageFilter"
          label="Current Stage"
          data={STAGE_DATA}
          value={draft.selectedStageFilter}
          onChoose={onChoose}
        />
        <ChoiceField
          field="portfolio"
          label="Portfolio"
          data={portfolioData}
          value={draft.portfolio}
          onChoose={onChoose}
          searchable
        />
        <TextField
          field="firstDateRange"
          label="First Date Range"
          placeholder='e.g. "1995" or "2005-20"'
          value={draft.firstDateRange ?? ""}
          onType={onType}
        />
        {DATE_RANGES.map((r) => (
          <DateRange
            key={r.label}
            spec={r}
            from={draft[r.min] ?? r.defaultMin ?? ""}
            to={draft[r.max] ?? (r.defaultMin ? today : "")}
            today={today}
            onType={onType}
            error={problems[r.min] ?? problems[r.max]}
          />
        ))}
        {RANGES.map((r) => (
          <RangeField
            key={r.label}
            spec={r}
            min={draft[r.min]}
            max={draft[r.max]}
            minError={problems[r.min]}
            maxError={problems[r.max]}
            onType={onType}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconFilterOff size={16} />}
          onClick={onClear}
          disabled={Object.keys(draft).length === 0}
        >
          Clear Filters
        </Button>
      </Group>
    </Paper>
  );
});

const withValue = <K extends Key>(d: DonorFilterSettings, key: K, value: DonorFilterSettings[K] | undefined) => {
  const next = { ...d };
  if (value === undefined || value === "") delete next[key];
  else next[key] = value;
  return next;
};

/** Sets one filter (undefined or "" removes it); the panel's handlers never change. */
type FieldHandler = <K extends Key>(key: K, value: DonorFilterSettings[K] | undefined) => void;

const SEARCH_ICON = <IconSearch size={16} />;
const ALL_RATINGS = { value: "all", label: "All Ratings" };
const STAGE_DATA = [
  { value: "all", label: "All Stages" },
  ...STAGE_FILTER_OPTIONS.map((s) => ({ value: s, label: s })),
];
const PORTFOLIO_CHOICES = [
  { value: "all", label: "All donors" },
  { value: PORTFOLIO_FILTER_MINE, label: "My portfolio" },
  { value: PORTFOLIO_FILTER_UNASSIGNED, label: "Unassigned" },
];
type ChoiceKey = "selectedDSRatingFilter" | "selectedStageFilter" | "portfolio";
type TextKey = "searchTerm" | "firstDateRange";

/** A list pick ("all" is no filter), applied at once. */
const ChoiceField = memo(function ChoiceField({
  field,
  label,
  placeholder,
  data,
  value,
  onChoose,
  searchable,
}: {
  field: ChoiceKey;
  label: string;
  placeholder?: string;
  data: { value: string; label: string }[];
  value: string | undefined;
  onChoose: FieldHandler;
  searchable?: boolean;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value ?? "all"}
      onChange={(v) => onChoose(field, v && v !== "all" ? v : undefined)}
      allowDeselect={false}
      searchable={searchable}
    />
  );
});

/** Typed text, applied after the typing pause. */
const TextField = memo(function TextField({
  field,
  label,
  placeholder,
  leftSection,
  value,
  onType,
}: {
  field: TextKey;
  label: string;
  placeholder: string;
  leftSection?: ReactNode;
  value: string;
  onType: FieldHandler;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={leftSection}
      value={value}
      onChange={(e) => onType(field, e.currentTarget.value)}
    />
  );
});

const numberValue = (v: number | string): number | undefined =>
  v === "" || v === null || Number.isNaN(Number(v)) ? undefined : Number(v);

/** A numeric range's two boxes and the range rule's sentence under them. */
const RangeField = memo(function RangeField({
  spec: r,
  min,
  max,
  minError,
  maxError,
  onType: set,
}: {
  spec: RangeSpec;
  min: number | undefined;
  max: number | undefined;
  minError: string | undefined;
  maxError: string | undefined;
  onType: FieldHandler;
}) {
  const values = { min, max };
  const errors = { min: minError, max: maxError };
  return (
    <FieldPair label={r.label} error={minError ?? maxError}>
      {(["min", "max"] as const).map((end) => {
        const key = r[end];
        const fallback = r.bounds ? (end === "min" ? r.bounds[0] : r.bounds[1]) : undefined;
        return (
          <NumberInput
            key={end}
            aria-label={`${end === "min" ? "Min" : "Max"} ${r.label}`}
            placeholder={fallback !== undefined ? String(fallback) : end === "min" ? (r.money ? "$0" : "0") : "No max"}
            value={values[end] ?? ""}
            onChange={(v) => {
              const n = numberValue(v);
              set(key, n === fallback ? undefined : n);
            }}
            min={r.limits.min}
            max={r.limits.max}
            // Never changed behind the user's back (issue 14: an Age max of 150 was silently erased): a value
            // out of range stays in the box with the rule's sentence under the pair, and is not applied.
            clampBehavior="none"
            error={Boolean(errors[end])}
            aria-describedby={errors[end] ? errorId(r.label) : undefined}
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
    </FieldPair>
  );
});

const errorId = (label: string) => `filter-error-${label.replace(/\W+/g, "-").toLowerCase()}`;

/** A range's label, its two boxes side by side, and the range rule's sentence under them. */
function FieldPair({ label, error, children }: { label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={2}>
        {label}
      </Text>
      <Group gap={6} grow wrap="nowrap">
        {children}
      </Group>
      <FieldError id={errorId(label)} message={error} />
    </div>
  );
}

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

/**
 * A date range's two boxes. A range with a default minimum (last gift date: 1900-01-01 … today) shows its
 * defaults and drops a bound set back to them; the others show empty boxes.
 */
const DateRange = memo(function DateRange({
  spec: r,
  from,
  to,
  today,
  onType: set,
  error,
}: {
  spec: DateRangeSpec;
  from: string;
  to: string;
  today: string;
  onType: FieldHandler;
  error?: string;
}) {
  const defaultTo = r.defaultMin ? today : "";
  return (
    <FieldPair label={r.label} error={error}>
      <DateBox
        label={`${r.label} from`}
        value={from}
        onChange={(v) => set(r.min, v && v !== r.defaultMin ? v : undefined)}
      />
      <DateBox
        label={`${r.label} to`}
        value={to}
        onChange={(v) => set(r.max, v && v !== defaultTo ? v : undefined)}
        invalid={Boolean(error)}
        describedBy={error ? errorId(r.label) : undefined}
      />
    </FieldPair>
  );
});

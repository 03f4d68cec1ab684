import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import {
  DONOR_EXPORT_COLUMNS,
  DONOR_DATE_FILTERS,
  DONOR_FIELDS,
  DONOR_RANGE_FILTERS,
  PORTFOLIO_FILTER_UNASSIGNED,
  currentStage,
  type DonorFilterSettings,
  type DonorFieldValue,
  type DonorListRow,
  type DonorSortKey,
} from "@cultivate/shared";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { donorFullNameSql, donorGroupMembers, donors, organizations, stages } from "../../db/schema.ts";
import { currentStageSql } from "./current-stage.ts";

/**
 * Which donors a request may see: one organisation, or (admins who name none and belong to none) all.
 * Every query below starts from a scope, so a query without one cannot be written by accident.
 */
export type DonorScope = { organizationId: string } | { allOrganizations: true };

export const scopeCondition = (scope: DonorScope): SQL | undefined =>
  "organizationId" in scope ? eq(donors.organizationId, scope.organizationId) : undefined;

const col = (key: string) => (donors as unknown as Record<string, typeof donors.age>)[key]!;

/** `%term%` with LIKE's own wildcards escaped. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filter rules of docs/RULES.md, Donor filters, as SQL conditions. */
export function filterConditions(f: DonorFilterSettings): SQL[] {
  const out: SQL[] = [];
  if (f.searchTerm) {
    const t = likeTerm(f.searchTerm);
    // First name, last name, "first last" or email. A substring of the first or the last name is a
    // substring of "first last", so two conditions suffice, each matching a trigram index exactly.
    out.push(or(sql`${donorFullNameSql(donors.firstName, donors.lastName)} ILIKE ${t}`, ilike(donors.email, t))!);
  }
  if (f.selectedDSRatingFilter) out.push(eq(donors.dsRating, f.selectedDSRatingFilter));
  if (f.firstDateRange) out.push(ilike(donors.firstDateRange, likeTerm(f.firstDateRange)));
  for (const [minK, maxK, key] of DONOR_RANGE_FILTERS) {
    const lo = f[minK];
    const hi = f[maxK];
    // Comparisons with NULL are never true: donors without the value drop out when a bound is set.
    if (typeof lo === "number") out.push(gte(col(key), lo));
    if (typeof hi === "number") out.push(lte(col(key), hi));
  }
  for (const [minK, maxK, key] of DONOR_DATE_FILTERS) {
    const lo = f[minK];
    const hi = f[maxK];
    if (lo) out.push(sql`${col(key)} >= ${lo}::date`);
    if (hi) out.push(sql`${col(key)} <= ${hi}::date`);
  }
  if (f.selectedStageFilter) out.push(sql`${currentStageSql} = ${f.selectedStageFilter}`);
  // "mine" has been replaced by the user's id (list.ts, forQuery) before it gets here.
  if (f.portfolio)
    out.push(
      f.portfolio === PORTFOLIO_FILTER_UNASSIGNED
        ? isNull(donors.relationshipManagerId)
        : eq(donors.relationshipManagerId, String(f.portfolio)),
    );
  return out;
}

export const groupCondition = (groupId: string) =>
  sql`EXISTS (SELECT 1 FROM ${donorGroupMembers} WHERE ${donorGroupMembers.donorGroupId} = ${groupId} AND ${donorGroupMembers.donorId} = ${donors.id})`;

export type ListParams = {
  scope: DonorScope;
  filters: DonorFilterSettings;
  groupId?: string;
  sort: DonorSortKey;
  dir: "asc" | "desc";
};

export function whereOf(p: Pick<ListParams, "scope" | "filters" | "groupId">, withFilters = true): SQL | undefined {
  const conds = [
    scopeCondition(p.scope),
    p.groupId ? groupCondition(p.groupId) : undefined,
    ...(withFilters ? filterConditions(p.filters) : []),
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined));
}

/**
 * The list order. `fence` (used with a name search) sorts the name by an expression no index serves,
 * `last_name || ''` (same values, same collation, same order): otherwise the planner walks
 * donors_org_name_idx filtering row by row, and a term whose matches sit late in the alphabet
 * scans most of the organisation, where the trigram bitmap + top-N sort takes a few ms.
 */
function orderOf(sort: DonorSortKey, dir: "asc" | "desc", fence = false): SQL[] {
  const d = dir === "desc" ? desc : asc;
  const lead = (c: AnyPgColumn) => (fence ? (dir === "desc" ? sql`(${c} || '') DESC` : sql`(${c} || '') ASC`) : d(c));
  if (sort === "lastName") return [lead(donors.lastName), d(donors.firstName), d(donors.id)];
  if (sort === "firstName") return [lead(donors.firstName), d(donors.lastName), d(donors.id)];
  const c = col(sort);
  return [
    dir === "desc" ? sql`${c} DESC NULLS LAST` : sql`${c} ASC NULLS LAST`,
    asc(donors.lastName),
    asc(donors.firstName),
    asc(donors.id),
  ];
}

const listColumns = {
  id: donors.id,
  organizationId: donors.organizationId,
  organizationName: organizations.name,
  firstName: donors.firstName,
  lastName: donors.lastName,
  email: donors.email,
  phoneNumber: donors.phoneNumber,
  city: donors.city,
  state: donors.state,
  dsRating: donors.dsRating,
  qualityScore: donors.qualityScore,
  estimatedCapacity: donors.estimatedCapacity,
  totalGiftAmount: donors.totalGiftAmount,
  numberOfGifts: donors.numberOfGifts,
  lastGiftDate: donors.lastGiftDate,
  lastGiftAmount: donors.lastGiftAmount,
  age: donors.age,
};

export async function listDonors(
  db: DbOrTx,
  p: ListParams & { page: number; pageSize: number },
): Promise<{ rows: DonorListRow[]; total: number }> {
  const where = whereOf(p);
  // Unfiltered and ungrouped, the exact total is the (cached) organisation count.
  const unfiltered = !p.groupId && Object.keys(p.filters).length === 0;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(listColumns)
      .from(donors)
      .innerJoin(organizations, eq(organizations.id, donors.organizationId))
      .where(where)
      .orderBy(...orderOf(p.sort, p.dir, !!p.filters.searchTerm))
      .limit(p.pageSize)
      .offset((p.page - 1) * p.pageSize),
    unfiltered ? countDonors(db, p).then((n) => [{ n }]) : db.select({ n: count() }).from(donors).where(where),
  ]);
  // The current stage only for the page's rows (one indexed lookup), not for every row the sort passes.
  const stageOf = await currentStagesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      currentStage: stageOf.get(r.id)!,
      qualityScore: num(r.qualityScore),
      estimatedCapacity: num(r.estimatedCapacity),
      totalGiftAmount: num(r.totalGiftAmount),
      lastGiftAmount: num(r.lastGiftAmount),
    })),
    total: totalRow?.n ?? 0,
  };
}

/** The current stage of each donor (as currentStageSql): first of the five without a stage record, else Complete. */
export async function currentStagesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const recs = ids.length
    ? await db
        .selectDistinct({ donorId: stages.donorId, stageName: stages.stageName })
        .from(stages)
        .where(inArray(stages.donorId, ids))
    : [];
  return new Map(ids.map((id) => [id, currentStage(recs.filter((r) => r.donorId === id).map((r) => r.stageName))]));
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Donors of a scope before filtering (no group): cached like the ratings, since only imports change it. */
const totalsCache = new Map<string, { at: number; value: number }>();

export async function countDonors(db: DbOrTx, p: Pick<ListParams, "scope" | "groupId">): Promise<number> {
  if (p.groupId) return countDonorsNow(db, p);
  const key = "organizationId" in p.scope ? p.scope.organizationId : "*";
  const hit = totalsCache.get(key);
  if (hit && Date.now() - hit.at < RATINGS_TTL_MS) return hit.value;
  const value = await countDonorsNow(db, p);
  totalsCache.set(key, { at: Date.now(), value });
  return value;
}

async function countDonorsNow(db: DbOrTx, p: Pick<ListParams, "scope" | "groupId">): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(donors)
    .where(whereOf({ ...p, filters: {} }, false));
  return r?.n ?? 0;
}

/**
 * The ratings present change only with imports, so each list request need not scan the whole
 * organisation: kept for 30 s, dropped when an import or undo of the organisation finishes.
 */
const ratingsCache = new Map<string, { at: number; value: string[] }>();
const RATINGS_TTL_MS = 30_000;
export function forgetDsRatings(organizationId: string) {
  for (const cache of [ratingsCache, totalsCache]) {
    cache.delete(organizationId);
    cache.delete("*");
  }
}

export async function dsRatingsOf(db: DbOrTx, scope: DonorScope): Promise<string[]> {
  const key = "organizationId" in scope ? scope.organizationId : "*";
  const hit = ratingsCache.get(key);
  if (hit && Date.now() - hit.at < RATINGS_TTL_MS) return hit.value;
  const value = await loadDsRatings(db, scope);
  ratingsCache.set(key, { at: Date.now(), value });
  return value;
}

async function loadDsRatings(db: DbOrTx, scope: DonorScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ r: donors.dsRating })
    .from(donors)
    .where(and(scopeCondition(scope), sql`${donors.dsRating} IS NOT NULL`))
    .orderBy(asc(donors.dsRating));
  return rows.map((r) => r.r!).filter(Boolean);
}

/**
 * One export cell, built by the database exactly as `csvCell` (packages/shared) builds it from the
 * value the API returns: empty for NULL, a leading apostrophe before = + - @ tab or CR, quoted when
 * it holds a quote, comma, CR or LF. Text is tested with one regular expression and only the rare
 * cell that matches takes the slow path. Numbers can only need the apostrophe (a minus sign), and
 * money and scores lose trailing zeros as in the app (trim_scale: 1234.50 → 1234.5, like
 * String(1234.5)); dates (YYYY-MM-DD) never need either.
 */
const textCell = (c: AnyPgColumn): SQL => {
  const n = sql`(CASE WHEN left(${c}, 1) IN ('=', '+', '-', '@', E'\t', E'\r') THEN '''' || ${c} ELSE ${c} END)`;
  return sql`(CASE WHEN ${c} IS NULL THEN '' WHEN ${c} !~ E'^[-=+@\t\r]|[",\r\n]' THEN ${c} WHEN ${n} ~ E'[",\r\n]' THEN '"' || replace(${n}, '"', '""') || '"' ELSE ${n} END)`;
};
const numberCell = (c: AnyPgColumn, decimal: boolean): SQL => {
  const t = decimal ? sql`trim_scale(${c})::text` : sql`${c}::text`;
  return sql`(CASE WHEN ${c} IS NULL THEN '' WHEN ${c} < 0 THEN '''' || ${t} ELSE ${t} END)`;
};
const dateCell = (c: AnyPgColumn): SQL => sql`coalesce(${c}::text, '')`;

const exportCells: Record<(typeof DONOR_EXPORT_COLUMNS)[number][1], SQL> = {
  firstName: textCell(donors.firstName),
  lastName: textCell(donors.lastName),
  email: textCell(donors.email),
  phoneNumber: textCell(donors.phoneNumber),
  address: textCell(donors.address),
  city: textCell(donors.city),
  state: textCell(donors.state),
  largestGiftFound: numberCell(donors.largestGiftFound, true),
  estimatedCapacity: numberCell(donors.estimatedCapacity, true),
  dsRating: textCell(donors.dsRating),
  qualityScore: numberCell(donors.qualityScore, true),
  totalGiftAmount: numberCell(donors.totalGiftAmount, true),
  numberOfGifts: numberCell(donors.numberOfGifts, false),
  lastGiftDate: dateCell(donors.lastGiftDate),
  age: numberCell(donors.age, false),
  organizationName: textCell(organizations.name),
};

const exportLineSql = sql.join(
  DONOR_EXPORT_COLUMNS.map(([, key]) => exportCells[key]),
  sql` || ',' || `,
);

/**
 * Every matching donor for the export as CSV lines (without line ends), in batches, so memory stays
 * flat. The matching ids are read once in list order (one sorted pass, no OFFSET rescans: 100k ids ≈
 * 4 MB); each batch is fetched by primary key, in that order. The database builds each line: one text
 * value per row instead of 16 is what makes the export fast (on PGlite most of its time went into
 * turning result fields into JavaScript values).
 */
export async function* exportLines(db: DbOrTx, p: ListParams, batch = 5000): AsyncGenerator<string[]> {
  const ids = (
    await db
      .select({ id: donors.id })
      .from(donors)
      .where(whereOf(p))
      .orderBy(...orderOf(p.sort, p.dir))
  ).map((r) => r.id);
  for (let i = 0; i < ids.length; i += batch) {
    // One uuid[] parameter, not 5,000 bound values; a donor deleted meanwhile simply drops out.
    const found: unknown = await db.execute(sql`
      SELECT ${exportLineSql} AS line
      FROM unnest(${sql.param(ids.slice(i, i + batch))}::uuid[]) WITH ORDINALITY AS x(id, n)
      JOIN ${donors} ON ${donors.id} = x.id
      JOIN ${organizations} ON ${organizations.id} = ${donors.organizationId}
      ORDER BY x.n`);
    const rows = (found as { rows: { line: string }[] }).rows; // node-postgres and PGlite both answer { rows }
    if (rows.length) yield rows.map((r) => r.line);
  }
}

export type DonorRow = typeof donors.$inferSelect;

/** The flat view of a donor: every catalogue field by key (typed columns and extra), null when empty. */
export function fieldsOf(d: DonorRow): Record<string, DonorFieldValue> {
  const out: Record<string, DonorFieldValue> = {};
  const extra = d.extra?.fields ?? {};
  for (const f of DONOR_FIELDS) {
    const v = f.column ? (d as unknown as Record<string, unknown>)[f.key] : extra[f.key];
    out[f.key] =
      v === undefined || v === null || v === "" ? null : typeof v === "number" || typeof v === "string" ? v : String(v);
  }
  for (const f of DONOR_FIELDS)
    if (f.type === "money" || f.type === "number") out[f.key] = out[f.key] === null ? null : Number(out[f.key]);
  return out;
}

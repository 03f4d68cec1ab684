import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import {
  DONOR_EXPORT_COLUMNS,
  DONOR_DATE_FILTERS,
  DONOR_FIELDS,
  DONOR_RANGE_FILTERS,
  PORTFOLIO_FILTER_UNASSIGNED,
  currentStage,
  daysSinceContact,
  type DonorFilterSettings,
  type DonorFieldValue,
  type DonorListRow,
  type DonorSortKey,
} from "@cultivate/shared";
import { PgDialect, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { CursorReader, DbOrTx } from "../../db/client.ts";
import {
  donorGroupMembers,
  donorSearch,
  donors,
  donorCountDeltas,
  organizations,
  stages,
  users,
} from "../../db/schema.ts";
import { containsPattern } from "../../lib/like.ts";
import { personName } from "../users/person-name.ts";
import { prepared } from "../../db/prepared.ts";
import { rowsOf } from "../../db/rows.ts";
import { currentStageIs } from "./current-stage.ts";
import { extraValue } from "./extra.ts";

/**
 * Which donors a request may see: one organisation, or (admins who name none and belong to none) all.
 * Every query below starts from a scope, so a query without one cannot be written by accident.
 */
export type DonorScope = { organizationId: string } | { allOrganizations: true };

export const scopeCondition = (scope: DonorScope): SQL | undefined =>
  "organizationId" in scope ? eq(donors.organizationId, scope.organizationId) : undefined;

const col = (key: string) => (donors as unknown as Record<string, typeof donors.age>)[key]!;

/**
 * Days Since Contact is not stored: a bound of n days is a bound on Last Contact (n days before today, UTC),
 * so the filter uses donors_org_last_contact_idx. Bounds beyond any date are clamped (3,000,000 days ≈ 8,000 years).
 */
export const DAYS_SINCE_CONTACT_KEY = "daysSinceContact";
const daysAgo = (n: number, now = new Date()) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - Math.min(n, 3_000_000));
  return d.getUTCFullYear() < 1 ? "0001-01-01" : d.toISOString().slice(0, 10);
};

/**
 * The search on donor_search (ADR 057): first name, last name, "first last" or email contains the term,
 * in any case. A substring of the first or the last name is a substring of "first last", so two
 * conditions suffice, each matching a trigram index exactly. donor_search keeps both in lower case, so
 * LIKE with the term's lower() answers as ILIKE would without lowering each row it checks (ADR 062).
 */
function searchMatch(term: string, scope?: DonorScope): SQL {
  const t = sql`lower(${containsPattern(term)})`;
  return and(
    scope && "organizationId" in scope ? eq(donorSearch.organizationId, scope.organizationId) : undefined,
    or(sql`${donorSearch.nameLower} LIKE ${t}`, sql`${donorSearch.emailLower} LIKE ${t}`),
  )!;
}

/**
 * The filter rules of docs/RULES.md, Donor filters, as SQL conditions. With the scope, the search's
 * subquery is limited to the organisation too (a two-letter term, which no trigram serves, then scans
 * only its rows).
 */
export function filterConditions(f: DonorFilterSettings, scope?: DonorScope): SQL[] {
  const out: SQL[] = [];
  // Names inside the subquery are donor_search's own (a one-table select writes bare column names, and
  // a bare name resolves to the innermost table that has it: donors' id is the only outer one).
  if (f.searchTerm)
    out.push(
      sql`${donors.id} IN (SELECT ${donorSearch.donorId} FROM ${donorSearch} WHERE ${searchMatch(f.searchTerm, scope)})`,
    );
  if (f.selectedDSRatingFilter) out.push(eq(donors.dsRating, f.selectedDSRatingFilter));
  if (f.firstDateRange) out.push(ilike(donors.firstDateRange, containsPattern(f.firstDateRange)));
  for (const [minK, maxK, key] of DONOR_RANGE_FILTERS) {
    const lo = f[minK];
    const hi = f[maxK];
    if (key === DAYS_SINCE_CONTACT_KEY) {
      // At least lo days ago = on or before (today - lo); at most hi days ago = on or after (today - hi).
      if (typeof lo === "number") out.push(sql`${donors.lastContactDate} <= ${daysAgo(lo)}::date`);
      if (typeof hi === "number") out.push(sql`${donors.lastContactDate} >= ${daysAgo(hi)}::date`);
      continue;
    }
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
  if (f.selectedStageFilter) out.push(currentStageIs(f.selectedStageFilter));
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
    ...(withFilters ? filterConditions(p.filters, p.scope) : []),
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined));
}

/**
 * The list order. Names sort by their keys (lower case, accents folded, byte order: ADR 075), the same
 * on donors and on donor_search. `fence` (used with a name search) sorts the name by an expression no
 * index serves, `last_name_key || ''` (same values, same collation, same order): otherwise the planner
 * walks donors_org_name_idx filtering row by row, and a term whose matches sit late in the alphabet
 * scans most of the organisation, where the search's matches (from donor_search) + top-N sort take a few ms.
 */
function orderOf(sort: DonorSortKey, dir: "asc" | "desc", fence = false): SQL[] {
  if (sort === "lastName" || sort === "firstName") return nameOrder(donors, sort, dir, fence);
  const byContact = byLastContact(sort);
  const c = byContact ? donors.lastContactDate : col(sort);
  const down = byContact ? newestFirst(sort, dir) : dir === "desc";
  return [
    down ? sql`${c} DESC NULLS LAST` : sql`${c} ASC NULLS LAST`,
    asc(donors.lastNameKey),
    asc(donors.firstNameKey),
    asc(donors.id),
  ];
}

/** The Last Contact sorts: by the column itself, or by Days Since Contact (the same order reversed). */
const byLastContact = (sort: DonorSortKey) => sort === "lastContactDate" || sort === DAYS_SINCE_CONTACT_KEY;
/** Most days since contact = the oldest last contact; never contacted stays last either way. */
const newestFirst = (sort: DonorSortKey, dir: "asc" | "desc") =>
  sort === DAYS_SINCE_CONTACT_KEY ? dir === "asc" : dir === "desc";

/**
 * A Last Contact sort in its two parts, each in an order one index holds (ADR 058): the contacted donors by
 * date, then name (donors_org_contacted_sort_idx, which holds only them, so an import's never-contacted
 * donors cost it nothing), then the never contacted by name (donors_org_name_idx). In that order the two
 * parts are orderOf's order.
 */
function contactParts(where: SQL | undefined, sort: DonorSortKey, dir: "asc" | "desc") {
  const order = orderOf(sort, dir);
  return [
    { where: and(where, isNotNull(donors.lastContactDate))!, order },
    // Only the name tie-breaks: the date is the same (null) for the whole part.
    { where: and(where, isNull(donors.lastContactDate))!, order: order.slice(1) },
  ];
}

/**
 * The ids of one page of a Last Contact sort, as a subquery: each part read up to the page's end through
 * its own index, then the two (at most 2 × page × size rows) sorted together, so the planner never sorts
 * the organisation.
 */
function contactPageIds(p: ListParams & { page: number; pageSize: number }, where: SQL | undefined): SQL {
  const upTo = p.page * p.pageSize;
  const parts = contactParts(where, p.sort, p.dir).map(
    (part) =>
      sql`(SELECT ${donors.id} AS id, ${donors.lastContactDate} AS contact, ${donors.lastNameKey} AS last, ${donors.firstNameKey} AS first
           FROM ${donors} WHERE ${part.where} ORDER BY ${sql.join(part.order, sql`, `)} LIMIT ${upTo})`,
  );
  const order = newestFirst(p.sort, p.dir) ? sql`DESC` : sql`ASC`;
  return sql`(SELECT id FROM (${sql.join(parts, sql` UNION ALL `)}) parts
    ORDER BY contact ${order} NULLS LAST, last, first, id
    LIMIT ${p.pageSize} OFFSET ${(p.page - 1) * p.pageSize})`;
}

/** The name sorts, on donors or on donor_search's matches (the same keys, ADR 075). */
function nameOrder(
  t: { firstNameKey: AnyPgColumn; lastNameKey: AnyPgColumn; id: AnyPgColumn },
  sort: "lastName" | "firstName",
  dir: "asc" | "desc",
  fence = false,
): SQL[] {
  const d = dir === "desc" ? desc : asc;
  const lead = (c: AnyPgColumn) => (fence ? (dir === "desc" ? sql`(${c} || '') DESC` : sql`(${c} || '') ASC`) : d(c));
  return sort === "lastName"
    ? [lead(t.lastNameKey), d(t.firstNameKey), d(t.id)]
    : [lead(t.firstNameKey), d(t.lastNameKey), d(t.id)];
}

/**
 * A name search with no other filter, sorted by name: the count and the page's ids come from donor_search
 * alone (≈ 100-byte rows; ADR 057), and only the page's donors are read. Anything else is matched on donors.
 */
const searchByName = (p: ListParams): p is ListParams & { sort: "lastName" | "firstName" } =>
  !!p.filters.searchTerm &&
  !p.groupId &&
  (p.sort === "lastName" || p.sort === "firstName") &&
  filterConditions(p.filters).length === 1;

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
  lastContactDate: donors.lastContactDate,
  relationshipManagerId: donors.relationshipManagerId,
};

/**
 * One page of a name search alone, sorted by name (searchByName), from donor_search: the matches are read
 * once, as a CTE named twice is materialised (PostgreSQL's rule), so the count and a top-N sort for the
 * page share one scan; then only the page's donors. (count(*) OVER () with the page's ORDER BY made the
 * planner sort all 40,000 matches of 'pat' at 1M in full: 68 ms, not 44.)
 */
function searchPageByName(
  db: DbOrTx,
  p: ListParams & { sort: "lastName" | "firstName"; page: number; pageSize: number },
  where: SQL,
) {
  const matched = db.$with("matched").as(
    db
      .select({
        id: donorSearch.donorId,
        firstNameKey: donorSearch.firstNameKey,
        lastNameKey: donorSearch.lastNameKey,
      })
      .from(donorSearch)
      .where(where),
  );
  const page = db.$with("page").as(
    db
      .select({ id: matched.id })
      .from(matched)
      .orderBy(...nameOrder(matched, p.sort, p.dir))
      .limit(p.pageSize)
      .offset((p.page - 1) * p.pageSize),
  );
  // The count as a scalar subquery: PostgreSQL runs it once (an InitPlan). As a CTE joined to the page,
  // its aggregate was planned as the inner side of a nested loop whenever the trigram estimate was low,
  // and ran once per row of the page: 50 counts of 40,000 matches at a million donors (ADR 059).
  return db
    .with(matched, page)
    .select({
      ...listColumns,
      matches: sql<number | null>`(SELECT count(*) FROM ${matched})`.mapWith(Number),
    })
    .from(page)
    .innerJoin(donors, eq(donors.id, page.id))
    .innerJoin(organizations, eq(organizations.id, donors.organizationId))
    .orderBy(...orderOf(p.sort, p.dir));
}

export async function listDonors(
  db: DbOrTx,
  p: ListParams & { page: number; pageSize: number },
): Promise<{ rows: DonorListRow[]; total: number }> {
  const byName = searchByName(p);
  // donor_search's condition for a name search alone, donors' otherwise.
  const where = byName ? searchMatch(p.filters.searchTerm!, p.scope) : whereOf(p);
  const countRows = () =>
    unfiltered(p)
      ? storedCount(db, p.scope.organizationId)
      : db
          .select({ n: count() })
          .from(byName ? donorSearch : donors)
          .where(where)
          .then(([r]) => r?.n ?? 0);
  // With a name search the page is sorted out of every match (orderOf's fence; searchPageByName's CTE), so
  // the rows query reads them all anyway: it counts them in the same pass instead of a second read of
  // their rows. Elsewhere the rows query may stop after the page, and the count runs beside it.
  const search = !!p.filters.searchTerm;
  const rowsQuery = () => {
    if (byName && where) return searchPageByName(db, p, where); // (where is always set here; the check only tells TypeScript)
    const rows = db
      .select({
        ...listColumns,
        matches: search ? sql<number | null>`count(*) OVER ()`.mapWith(Number) : sql<number | null>`NULL::int`,
      })
      .from(donors)
      .innerJoin(organizations, eq(organizations.id, donors.organizationId));
    // A Last Contact sort picks the page's ids in its two parts; only those rows are then put in order.
    if (!search && byLastContact(p.sort))
      return rows
        .where(and(sql`${donors.id} IN ${contactPageIds(p, where)}`, where))
        .orderBy(...orderOf(p.sort, p.dir));
    return rows
      .where(where)
      .orderBy(...orderOf(p.sort, p.dir, search))
      .limit(p.pageSize)
      .offset((p.page - 1) * p.pageSize);
  };
  const [found, counted] = await Promise.all([rowsQuery(), search ? null : countRows()]);
  // A page past the last match has no row to carry the count.
  const total = counted ?? found[0]?.matches ?? (p.page > 1 ? await countRows() : 0);
  // The current stage only for the page's rows (one indexed lookup), not for every row the sort passes.
  const [stageOf, managers] = await Promise.all([
    currentStagesOf(
      db,
      found.map((r) => r.id),
    ),
    managersByUser(db, [...new Set(found.flatMap((r) => (r.relationshipManagerId ? [r.relationshipManagerId] : [])))]),
  ]);
  const managerOf = new Map(managers.map((m) => [m.id, m]));
  // Built field by field: object rest and spread over 50 rows showed in the load profile.
  const rows = found.map((r): DonorListRow => ({
    id: r.id,
    organizationId: r.organizationId,
    organizationName: r.organizationName,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phoneNumber: r.phoneNumber,
    city: r.city,
    state: r.state,
    dsRating: r.dsRating,
    qualityScore: num(r.qualityScore),
    estimatedCapacity: num(r.estimatedCapacity),
    totalGiftAmount: num(r.totalGiftAmount),
    numberOfGifts: r.numberOfGifts,
    lastGiftDate: r.lastGiftDate,
    lastGiftAmount: num(r.lastGiftAmount),
    age: r.age,
    lastContactDate: r.lastContactDate,
    daysSinceContact: daysSinceContact(r.lastContactDate),
    currentStage: stageOf.get(r.id)!,
    relationshipManager: r.relationshipManagerId ? (managerOf.get(r.relationshipManagerId) ?? null) : null,
  }));
  return { rows, total };
}

// One uuid[] parameter, so the statement is the same for every page and can be prepared.
const stagesOfDonors = prepared((db) =>
  db
    .selectDistinct({ donorId: stages.donorId, stageName: stages.stageName })
    .from(stages)
    .where(sql`${stages.donorId} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare("cultivate_stages_of_donors"),
);

/** The current stage of each donor (as currentStageSql): first of the five without a stage record, else Complete. */
export async function currentStagesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const done = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length) for (const r of await stagesOfDonors(db).execute({ ids })) done.get(r.donorId)?.push(r.stageName);
  return new Map([...done].map(([id, names]) => [id, currentStage(names)]));
}

/** Users as a relationship manager is shown (docs/RULES.md, Portfolios): id, email and name (person-name.ts). */
export async function managersByUser(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<{ id: string; email: string; name: string | null }[]> {
  if (!userIds.length) return [];
  return (
    db
      // Qualified: a one-table select writes bare column names, and a bare "id" in personName's subquery is the form's.
      .select({ id: users.id, email: users.email, name: personName(sql.raw(`"users"."id"`)) })
      .from(users)
      .where(inArray(users.id, [...userIds]))
  );
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** One organisation's donors, neither filtered nor in a group: the count the triggers keep. */
const unfiltered = (
  p: Pick<ListParams, "scope" | "groupId"> & { filters?: DonorFilterSettings },
): p is typeof p & { scope: { organizationId: string } } =>
  "organizationId" in p.scope && !p.groupId && (!p.filters || filterConditions(p.filters).length === 0);

/**
 * How many donors an organisation (or, null, the installation) has: the sum of donor_count_deltas rows
 * (migration 0021, ADR 051), one row per write statement since the last fold (foldDonorCounts), so a
 * million donors cost a few rows read instead of a million index entries. The dashboards' and the
 * admin screens' donor figures read the same query (dashboards/tenant-figures.ts).
 */
export const storedDonorCount = (db: DbOrTx, organizationId: string | null) =>
  db
    .select({ n: sql<number>`coalesce(sum(${donorCountDeltas.delta}), 0)::int` })
    .from(donorCountDeltas)
    .where(organizationId ? eq(donorCountDeltas.organizationId, organizationId) : undefined);
/** The stored donor counts of these organisations at once (organisations without donors may be absent). */
export const storedDonorCounts = (db: DbOrTx, organizationIds: string[]) =>
  db
    .select({ organizationId: donorCountDeltas.organizationId, n: sql<number>`sum(${donorCountDeltas.delta})::int` })
    .from(donorCountDeltas)
    .where(inArray(donorCountDeltas.organizationId, organizationIds))
    .groupBy(donorCountDeltas.organizationId);
const donorCount = prepared((db) =>
  storedDonorCount(db, sql.placeholder("organizationId") as unknown as string).prepare("cultivate_donor_count"),
);
const storedCount = async (db: DbOrTx, organizationId: string) =>
  (await donorCount(db).execute({ organizationId }))[0]?.n ?? 0;

/**
 * Folds each organisation's donor_count_deltas rows into one (housekeeping, every minute): one statement,
 * so a reader sees the rows before or the row after, never both. Organisations with one row are left as
 * they are; a sum of 0 leaves none.
 */
export async function foldDonorCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    WITH many AS (
      SELECT ${donorCountDeltas.organizationId} AS org FROM ${donorCountDeltas}
      GROUP BY ${donorCountDeltas.organizationId} HAVING count(*) > 1
    ), gone AS (
      DELETE FROM ${donorCountDeltas} USING many WHERE ${donorCountDeltas.organizationId} = many.org
      RETURNING ${donorCountDeltas.organizationId} AS org, ${donorCountDeltas.delta} AS delta
    )
    INSERT INTO ${donorCountDeltas} (${sql.identifier(donorCountDeltas.organizationId.name)}, ${sql.identifier(donorCountDeltas.delta.name)})
    SELECT org, sum(delta) FROM gone GROUP BY org HAVING sum(delta) <> 0`);
}

/** Donors of a scope (and group) before filtering. */
export async function countDonors(db: DbOrTx, p: Pick<ListParams, "scope" | "groupId">): Promise<number> {
  if (unfiltered(p)) return storedCount(db, p.scope.organizationId);
  const [r] = await db
    .select({ n: count() })
    .from(donors)
    .where(whereOf({ ...p, filters: {} }, false));
  return r?.n ?? 0;
}

/**
 * The DS ratings present in the scope's data, sorted (the DS Rating filter's options). For one
 * organisation a skip scan of donors_org_rating_capacity_idx: one index probe per rating present, instead of
 * reading every donor's entry (≈ 35 ms at 100k donors), so no copy needs keeping in any server's memory.
 */
export async function dsRatingsOf(db: DbOrTx, scope: DonorScope): Promise<string[]> {
  if (!("organizationId" in scope)) {
    // Every organisation (an admin naming none): the same skip scan in each organisation, not a DISTINCT
    // over every donor of the installation (issue 13: two organisations of a million donors each).
    const next = (org: SQL, after: SQL | null) =>
      sql`(SELECT ${donors.dsRating} FROM ${donors} WHERE ${donors.organizationId} = ${org} AND ${
        after ? sql`${donors.dsRating} > ${after}` : sql`${donors.dsRating} IS NOT NULL`
      } ORDER BY ${donors.dsRating} LIMIT 1)`;
    const rows = rowsOf<{ r: string }>(
      await db.execute(sql`WITH RECURSIVE ratings(org, r) AS (
          SELECT o.id, ${next(sql`o.id`, null)} FROM ${organizations} o
          UNION ALL
          SELECT ratings.org, ${next(sql`ratings.org`, sql`ratings.r`)} FROM ratings WHERE ratings.r IS NOT NULL
        ) SELECT DISTINCT r FROM ratings WHERE r IS NOT NULL ORDER BY r`),
    );
    return rows.map((r) => r.r).filter(Boolean);
  }
  const rows = await ratingsOfOrganization(db).execute({ organizationId: scope.organizationId });
  return rows.map((r) => r.r).filter(Boolean);
}

const ratingsOfOrganization = prepared((db) => {
  const org = sql.placeholder("organizationId");
  const next = (after: SQL) =>
    sql`(SELECT ${donors.dsRating} FROM ${donors} WHERE ${donors.organizationId} = ${org} AND ${donors.dsRating} > ${after} ORDER BY ${donors.dsRating} LIMIT 1)`;
  const first = sql`(SELECT ${donors.dsRating} FROM ${donors} WHERE ${donors.organizationId} = ${org} AND ${donors.dsRating} IS NOT NULL ORDER BY ${donors.dsRating} LIMIT 1)`;
  const ratings = sql`ratings`;
  return db
    .select({ r: sql<string>`r`.as("r") })
    .from(
      sql`(WITH RECURSIVE ${ratings}(r) AS (${first} UNION ALL SELECT ${next(sql`${ratings}.r`)} FROM ${ratings} WHERE ${ratings}.r IS NOT NULL) SELECT r FROM ${ratings} WHERE r IS NOT NULL) AS found`,
    )
    .prepare("cultivate_ds_ratings");
});

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
  lastContactDate: dateCell(donors.lastContactDate),
  // Whole days to today (UTC), as daysSinceContact in packages/shared computes them for the list.
  daysSinceContact: sql`(CASE WHEN ${donors.lastContactDate} IS NULL THEN '' ELSE greatest(0, (now() AT TIME ZONE 'UTC')::date - ${donors.lastContactDate})::text END)`,
  organizationName: textCell(organizations.name),
  relationshipManagerEmail: textCell(users.email),
};

const exportLineSql = sql.join(
  DONOR_EXPORT_COLUMNS.map(([, key]) => exportCells[key]),
  sql` || ',' || `,
);

const dialect = new PgDialect();
/** The organisation's name and the relationship manager's email of each exported donor. */
const exportJoins = sql`
  JOIN ${organizations} ON ${organizations.id} = ${donors.organizationId}
  LEFT JOIN ${users} ON ${users.id} = ${donors.relationshipManagerId}`;

/** PGlite: an export of a scope with at most this many donors runs as one statement (ADR 053). */
export const EXPORT_ONE_STATEMENT_MAX = 150_000;

export type ExportOptions = {
  /** Lines per yielded batch (and per FETCH of PostgreSQL's cursor). */
  batch?: number;
  /** PostgreSQL: reads the query with a cursor of its own (Database.readCursor). */
  readCursor?: CursorReader;
  /** PGlite: up to how many donors in the scope the export is one statement (tests lower it). */
  oneStatementMax?: number;
};

/**
 * Every matching donor for the export as CSV lines (without line ends), in batches, so memory stays
 * flat. The database builds each line: one text value per row instead of 16 is what makes the export
 * fast (on PGlite most of its time went into turning result fields into JavaScript values).
 *
 * On PostgreSQL (`readCursor`) one cursor walks the matches in list order in one snapshot: the first
 * lines leave as soon as the first batch is read, and no list of ids is held (1M ids took 2 s and
 * ≈ 100 MB before the first byte).
 *
 * PGlite has one connection, so a cursor's transaction would hold it for the whole download. A scope of
 * up to EXPORT_ONE_STATEMENT_MAX donors is read in one statement, a scan and a sort (≈ 1.3 s and 13 MB
 * of lines at 100k), then handed on in batches; fetching the rows by id in batches took twice as long,
 * most of it one index probe and one random page read per donor (ADR 053). A larger scope reads the
 * matching ids once in list order (one sorted pass, no OFFSET rescans: 100k ids ≈ 4 MB) and fetches each
 * batch by primary key, in that order, so no statement holds the connection for long.
 */
export async function* exportLines(
  db: DbOrTx,
  p: ListParams,
  { batch = 5000, readCursor, oneStatementMax = EXPORT_ONE_STATEMENT_MAX }: ExportOptions = {},
): AsyncGenerator<string[]> {
  const where = whereOf(p);
  // A Last Contact sort reads its two parts one after the other (contactParts): a UNION ALL of two ordered
  // branches, which a cursor and PGlite (neither runs a parallel plan) read in branch order.
  const parts = byLastContact(p.sort) ? contactParts(where, p.sort, p.dir) : [{ where, order: orderOf(p.sort, p.dir) }];
  const select = (part: (typeof parts)[number]) => sql`
      SELECT ${exportLineSql} AS line
      FROM ${donors} ${exportJoins}
      ${part.where ? sql`WHERE ${part.where}` : sql``}
      ORDER BY ${sql.join(part.order, sql`, `)}`;
  const inListOrder =
    parts.length === 1
      ? select(parts[0]!)
      : sql.join(
          parts.map((part) => sql`(${select(part)})`),
          sql` UNION ALL `,
        );
  if (readCursor) {
    const q = dialect.sqlToQuery(inListOrder);
    for await (const rows of readCursor(q.sql, q.params, batch)) yield (rows as { line: string }[]).map((r) => r.line);
    return;
  }
  // The donors before filters: the most the statement can match.
  const [scope] = await storedDonorCount(db, "organizationId" in p.scope ? p.scope.organizationId : null);
  if ((scope?.n ?? 0) <= oneStatementMax) {
    const lines = linesOf(await db.execute(inListOrder));
    for (let i = 0; i < lines.length; i += batch) yield lines.slice(i, i + batch);
    return;
  }
  const ids: string[] = [];
  for (const part of parts)
    for (const r of await db
      .select({ id: donors.id })
      .from(donors)
      .where(part.where)
      .orderBy(...part.order))
      ids.push(r.id);
  for (let i = 0; i < ids.length; i += batch) {
    // One uuid[] parameter, not 5,000 bound values; a donor deleted meanwhile simply drops out.
    const lines = linesOf(
      await db.execute(sql`
      SELECT ${exportLineSql} AS line
      FROM unnest(${sql.param(ids.slice(i, i + batch))}::uuid[]) WITH ORDINALITY AS x(id, n)
      JOIN ${donors} ON ${donors.id} = x.id ${exportJoins}
      ORDER BY x.n`),
    );
    if (lines.length) yield lines;
  }
}

const linesOf = (result: unknown): string[] => rowsOf<{ line: string }>(result).map((r) => r.line);

export type DonorRow = typeof donors.$inferSelect;

/** The flat view of a donor: every catalogue field by key (typed columns and extra), null when empty. */
export function fieldsOf(d: DonorRow): Record<string, DonorFieldValue> {
  const out: Record<string, DonorFieldValue> = {};
  const extra = d.extra?.fields ?? {};
  for (const f of DONOR_FIELDS) {
    const v = f.column ? (d as unknown as Record<string, unknown>)[f.key] : extraValue(extra, f.key);
    out[f.key] =
      v === undefined || v === null || v === "" ? null : typeof v === "number" || typeof v === "string" ? v : String(v);
  }
  for (const f of DONOR_FIELDS)
    if (f.type === "money" || f.type === "number") out[f.key] = out[f.key] === null ? null : Number(out[f.key]);
  out[DAYS_SINCE_CONTACT_KEY] = daysSinceContact(d.lastContactDate);
  return out;
}

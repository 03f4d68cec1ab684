import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { UpdateActionInput } from "@cultivate/shared";
import {
  ACTION_CSV_COLUMNS,
  ACTION_NAMES,
  ACTION_USER_OPTIONS,
  RESOURCE_TYPES,
  type ActionSummary,
  type UserAction,
} from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import { organizations, sessions, userActionDays, userActions, userProfiles, users } from "../../db/schema.ts";
import { csvLine } from "@cultivate/shared";
import { containsPattern } from "../../lib/like.ts";
import { personName } from "../users/person-name.ts";

export type ActionQuery = {
  /** null = every organisation (admins only; the route decides). */
  organizationId: string | null;
  actionType?: string;
  actionName?: string;
  resourceType?: string;
  userId?: string;
  from?: string;
  to?: string;
  success?: "true" | "false";
};

function where(q: ActionQuery): SQL | undefined {
  return and(
    q.organizationId ? eq(userActions.organizationId, q.organizationId) : undefined,
    q.actionType ? eq(userActions.actionType, q.actionType) : undefined,
    q.actionName ? eq(userActions.actionName, q.actionName) : undefined,
    q.resourceType ? eq(userActions.resourceType, q.resourceType) : undefined,
    q.userId ? eq(userActions.userId, q.userId) : undefined,
    q.from ? gte(userActions.timestamp, new Date(q.from)) : undefined,
    q.to ? lte(userActions.timestamp, new Date(q.to)) : undefined,
    q.success ? eq(userActions.success, q.success === "true") : undefined,
  );
}

/** The resource's id as a uuid, or null when it is not one (a page's path, a session id): never a cast error. */
const resourceUuid = sql`(case when ${userActions.resourceId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${userActions.resourceId}::uuid end)`;

/**
 * Issue 14: the name of the record an action touched, so the history reads "Maria archived Spring Gala":
 * the record's current name, else the one the action wrote in its details (a deleted campaign's).
 * Only a record of the row's own organisation is named: a refused attempt on another tenant's record
 * (filed under the actor's organisation) must not reveal that record's name. Each lookup is by
 * primary key, for the 50 rows of a page.
 */
const sameOrganization = (column: SQL) =>
  sql`(${userActions.organizationId} is null or ${column} = ${userActions.organizationId})`;
const resourceName = sql<string | null>`coalesce(
  case ${userActions.resourceType}
    when 'campaign' then (select c.name from campaigns c where c.id = ${resourceUuid} and ${sameOrganization(sql`c.organization_id`)})
    when 'donor_group' then (select g.name from donor_groups g where g.id = ${resourceUuid} and ${sameOrganization(sql`g.organization_id`)})
    when 'saved_donor_group' then (select s.name from saved_donor_groups s where s.id = ${resourceUuid} and ${sameOrganization(sql`s.organization_id`)})
    when 'donor' then (select nullif(concat_ws(' ', d.first_name, d.last_name), '') from donors d where d.id = ${resourceUuid} and ${sameOrganization(sql`d.organization_id`)})
    when 'organization' then (select o.name from organizations o where o.id = ${resourceUuid} and ${sameOrganization(sql`o.id`)})
    when 'issue' then (select i.title from issues i where i.id = ${resourceUuid} and ${sameOrganization(sql`i.organization_id`)})
    when 'next_step' then (select n.title from next_steps n where n.id = ${resourceUuid} and ${sameOrganization(sql`n.organization_id`)})
    when 'donor_import' then (select b.file_name from donor_import_batches b where b.id = ${resourceUuid} and ${sameOrganization(sql`b.organization_id`)})
    when 'user' then (select u.email from users u join user_profiles p on p.id = u.id where u.id = ${userActions.resourceId} and ${sameOrganization(sql`p.organization_id`)})
  end,
  ${userActions.details}->>'name',
  ${userActions.details}->>'title',
  ${userActions.details}->>'fileName',
  ${userActions.details}->>'email',
  ${userActions.details}->>'organizationName'
)`;

const columns = {
  id: userActions.id,
  userId: userActions.userId,
  userEmail: users.email,
  organizationId: userActions.organizationId,
  organizationName: organizations.name,
  actionType: userActions.actionType,
  actionName: userActions.actionName,
  resourceType: userActions.resourceType,
  resourceId: userActions.resourceId,
  success: userActions.success,
  durationMs: userActions.durationMs,
  ipAddress: userActions.ipAddress,
  userAgent: userActions.userAgent,
  sessionId: userActions.sessionId,
  details: userActions.details,
  errorMessage: userActions.errorMessage,
  timestamp: userActions.timestamp,
};

/** What a page of the history shows besides the row: who by name, and the record's name (not in the CSV). */
const listColumns = { ...columns, userName: personName(userActions.userId), resourceName };

const select = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(userActions)
    .leftJoin(users, eq(users.id, userActions.userId))
    .leftJoin(organizations, eq(organizations.id, userActions.organizationId));

type Row = Omit<UserAction, "timestamp"> & { timestamp: Date };
const present = (r: Row): UserAction => ({
  ...r,
  details: r.details ?? {},
  timestamp: r.timestamp.toISOString(),
});

/** One page, newest first, with the exact number of matching actions (docs/RULES.md, Activity history: 50 per page with an exact count). */
async function listActions(db: DbOrTx, q: ActionQuery, offset: number, limit: number) {
  const rows = await select(db)
    .where(where(q))
    .orderBy(desc(userActions.timestamp), desc(userActions.id))
    .limit(limit)
    .offset(offset);
  const total = (await tallies(db, q)).reduce((n, t) => n + t.actions, 0);
  return { items: rows.map(present), total, offset, limit };
}

async function summarizeActions(db: DbOrTx, q: ActionQuery): Promise<ActionSummary> {
  const counted = await tallies(db, q);
  const sum = (pick: (t: Tally) => number) => counted.reduce((n, t) => n + pick(t), 0);
  const total = sum((t) => t.actions);
  const successCount = sum((t) => (t.success ? t.actions : 0));
  const durations = sum((t) => t.durations);
  const byType = new Map<string, number>();
  for (const t of counted) byType.set(t.actionType, (byType.get(t.actionType) ?? 0) + t.actions);
  return {
    total,
    successCount,
    successRate: total ? Math.round((successCount / total) * 1000) / 10 : null,
    byType: [...byType]
      .filter(([, count]) => count > 0)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .map(([actionType, count]) => ({ actionType, count })),
    averageDurationMs: durations ? Math.round(sum((t) => t.durationSum) / durations) : null,
  };
}

/** The actions matching a query, counted by type and outcome, with the sum and number of their durations. */
type Tally = { actionType: string; success: boolean; actions: number; durationSum: number; durations: number };

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The whole UTC days inside a query's time range (`firstDay` ≤ day < `endDay`, either end open) and
 * the rest of the range (`edges`: less than a day at each end), or null when the day table cannot
 * answer: a user filter (it has no user; the actions' user index finds theirs) or no whole day.
 */
function wholeDays(q: ActionQuery): { firstDay?: string; endDay?: string; edges: SQL[] } | null {
  if (q.userId) return null;
  const from = q.from ? Date.parse(q.from) : undefined;
  const to = q.to ? Date.parse(q.to) : undefined;
  const start = from === undefined ? undefined : Math.ceil(from / DAY_MS) * DAY_MS;
  const end = to === undefined ? undefined : Math.floor(to / DAY_MS) * DAY_MS;
  if (start !== undefined && end !== undefined && start >= end) return null;
  const edges: SQL[] = [];
  if (from !== undefined && from < start!)
    edges.push(and(gte(userActions.timestamp, new Date(from)), lt(userActions.timestamp, new Date(start!)))!);
  if (to !== undefined)
    edges.push(and(gte(userActions.timestamp, new Date(end!)), lte(userActions.timestamp, new Date(to)))!);
  return {
    firstDay: start === undefined ? undefined : isoDay(start),
    endDay: end === undefined ? undefined : isoDay(end),
    edges,
  };
}

/**
 * Tallies of the actions matching `q` (issue 13, ADR 068): the whole days of its range from
 * user_action_days, which the triggers of migration 0029 keep in every writing transaction, and only the
 * rest of the range from the actions themselves. Exact, as docs/RULES.md asks, without reading every
 * action of a busy installation (at a million actions the admin's summary took ~0.3 s on PostgreSQL).
 */
async function tallies(db: DbOrTx, q: ActionQuery): Promise<Tally[]> {
  const counted = (cond: SQL | undefined) =>
    db
      .select({
        actionType: userActions.actionType,
        success: userActions.success,
        actions: sql<string>`count(*)`,
        durationSum: sql<string>`coalesce(sum(${userActions.durationMs}), 0)`,
        durations: sql<string>`count(${userActions.durationMs})`,
      })
      .from(userActions)
      .where(cond)
      .groupBy(userActions.actionType, userActions.success);
  const split = wholeDays(q);
  const parts = [];
  if (!split) parts.push(await counted(where(q)));
  else {
    const d = userActionDays;
    parts.push(
      await db
        .select({
          actionType: d.actionType,
          success: d.success,
          actions: sql<string>`sum(${d.actions})`,
          durationSum: sql<string>`sum(${d.durationSum})`,
          durations: sql<string>`sum(${d.durations})`,
        })
        .from(d)
        .where(
          and(
            q.organizationId ? eq(d.organizationId, q.organizationId) : undefined,
            q.actionType ? eq(d.actionType, q.actionType) : undefined,
            q.actionName ? eq(d.actionName, q.actionName) : undefined,
            q.resourceType ? eq(d.resourceType, q.resourceType) : undefined,
            q.success ? eq(d.success, q.success === "true") : undefined,
            split.firstDay ? gte(d.day, split.firstDay) : undefined,
            split.endDay ? lt(d.day, split.endDay) : undefined,
          ),
        )
        .groupBy(d.actionType, d.success),
    );
    const sameFilters = where({ ...q, from: undefined, to: undefined });
    for (const edge of split.edges) parts.push(await counted(and(sameFilters, edge)));
  }
  return parts.flat().map((t) => ({
    actionType: t.actionType,
    success: t.success,
    actions: Number(t.actions),
    durationSum: Number(t.durationSum),
    durations: Number(t.durations),
  }));
}

/**
 * Values for the filter dropdowns, inside the caller's scope, without reading the actions (issue 13: at a
 * million actions two DISTINCT scans took ~0.4 s on PostgreSQL and ~0.9 s on PGlite). Names and resource
 * types are the product's own lists; users are the first ACTION_USER_OPTIONS by email whose email or
 * name holds `q` (every user of an installation did not fit a dropdown), with the chosen one. An admin's
 * Organization filter offers every organisation from /api/admin/organizations/names, as every picker does.
 */
async function actionFilterOptions(db: DbOrTx, organizationId: string | null, search: { q?: string; userId?: string }) {
  const inScope = organizationId ? eq(userProfiles.organizationId, organizationId) : undefined;
  const pattern = search.q ? containsPattern(search.q) : null;
  const userRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(and(inScope, pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined))
    .orderBy(asc(users.email))
    .limit(ACTION_USER_OPTIONS);
  if (search.userId && !userRows.some((u) => u.id === search.userId)) {
    const chosen = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.id, users.id))
      .where(and(inScope, eq(users.id, search.userId)));
    userRows.push(...chosen);
    userRows.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  }
  return {
    users: userRows,
    actionNames: (Object.values(ACTION_NAMES).flat() as string[]).sort(),
    resourceTypes: [...RESOURCE_TYPES],
  };
}

/**
 * Every matching action as CSV (the 12 columns of docs/RULES.md, Activity history), newest first, read in keyset-paged chunks
 * so memory stays flat and the embedded database is never held for long.
 */
async function* actionsCsv(db: DbOrTx, q: ActionQuery, chunk = 1000): AsyncGenerator<string> {
  yield csvLine([...ACTION_CSV_COLUMNS]);
  const filter = where(q);
  let cursor: { ts: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${userActions.timestamp}, ${userActions.id}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows: (Omit<Row, "userName" | "resourceName"> & { cursorTs: string })[] = await db
      .select({ ...columns, cursorTs: sql<string>`${userActions.timestamp}::text` })
      .from(userActions)
      .leftJoin(users, eq(users.id, userActions.userId))
      .leftJoin(organizations, eq(organizations.id, userActions.organizationId))
      .where(and(filter, after))
      .orderBy(desc(userActions.timestamp), desc(userActions.id))
      .limit(chunk);
    let out = "";
    for (const r of rows) {
      out += csvLine([
        r.timestamp.toISOString(),
        r.userEmail,
        r.organizationName,
        r.actionType,
        r.actionName,
        r.resourceType,
        r.resourceId,
        r.success ? "true" : "false",
        r.durationMs,
        r.ipAddress,
        r.userAgent,
        JSON.stringify(r.details ?? {}),
      ]);
    }
    if (out) yield out;
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1]!;
    cursor = { ts: last.cursorTs, id: last.id };
  }
}

/**
 * The action history (docs/RULES.md, Activity history) and the browser's own tracking rows. Reads take
 * the organisation the caller may see (null: every organisation, admins only; the service decides);
 * the browser's writes are limited to the caller's own rows. The server's own rows are written by the
 * activity recorder (activity/recorder.ts, `app.activity`), which keeps its own handle: it writes in
 * batches after the response.
 */
export function actionRepository(db: Db) {
  return {
    list: (q: ActionQuery, offset: number, limit: number, tx: DbOrTx = db) => listActions(tx, q, offset, limit),
    summarize: (q: ActionQuery, tx: DbOrTx = db) => summarizeActions(tx, q),
    filterOptions: (organizationId: string | null, search: { q?: string; userId?: string }, tx: DbOrTx = db) =>
      actionFilterOptions(tx, organizationId, search),
    csv: (q: ActionQuery, chunk?: number, tx: DbOrTx = db) => actionsCsv(tx, q, chunk),

    /**
     * A page view written at once, so the browser gets the id it later updates. The same id again (an
     * unload beacon racing its own insert) completes the row, only the caller's own.
     */
    async insertOwn(row: typeof userActions.$inferInsert & { userId: string }, tx: DbOrTx = db) {
      const [inserted] = await tx
        .insert(userActions)
        .values(row)
        .onConflictDoUpdate({
          target: userActions.id,
          set: {
            durationMs: sql`coalesce(excluded.duration_ms, ${userActions.durationMs})`,
            details: sql`${userActions.details} || excluded.details`,
          },
          setWhere: eq(userActions.userId, row.userId),
        })
        .returning({ id: userActions.id });
      return inserted?.id ?? null;
    },

    /** Sets the duration and merges details, only on the caller's own action; false when it is not theirs. */
    async updateOwn(userId: string, input: UpdateActionInput, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(userActions)
        .set({
          durationMs: input.duration_ms,
          ...(input.details ? { details: sql`${userActions.details} || ${JSON.stringify(input.details)}::jsonb` } : {}),
        })
        .where(and(eq(userActions.id, input.actionId), eq(userActions.userId, userId)))
        .returning({ id: userActions.id });
      return rows.length > 0;
    },

    /** The session a sign-in answer's token names (the sign-in row's resource). */
    async sessionIdByToken(token: string, tx: DbOrTx = db): Promise<string | null> {
      const [row] = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token));
      return row?.id ?? null;
    },
  };
}

import { getTableName, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { rowsOf } from "./rows.ts";
import { donorSearch, donors } from "./schema.ts";

/**
 * Tables whose planner statistics the import keeps (import-job.ts: ANALYZE as it grows, VACUUM (ANALYZE)
 * at its end). Analysing a million donors takes seconds, and PGlite's one connection waits meanwhile.
 */
const KEPT_BY_THE_IMPORT = [getTableName(donors), getTableName(donorSearch)];

/**
 * PGlite has no autovacuum, so nothing refreshed the planner's statistics of any table but the import's:
 * a campaign that grew from 27 donors to 11,000 was still planned as 27, and a join chosen on that
 * estimate ran for 42 s (docs/decisions/079-statistics-on-pglite.md). The housekeeping job calls this
 * once a minute on PGlite: it analyses the largest table that has rows but was never analysed, or whose
 * file has grown or shrunk by more than a tenth (and 8 pages) since its last ANALYZE (pg_class.relpages,
 * which ANALYZE sets; PGlite keeps no counts of changed rows). One table a minute keeps each pause of
 * the single connection short. Answers the table analysed, or null.
 */
export async function refreshStaleStatistics(db: Db): Promise<string | null> {
  const [stale] = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      CROSS JOIN LATERAL (SELECT pg_relation_size(c.oid) / current_setting('block_size')::int AS pages) s
      WHERE n.nspname = 'public' AND c.relkind = 'r'
        AND c.relname NOT IN (${sql.join(
          KEPT_BY_THE_IMPORT.map((t) => sql`${t}`),
          sql`, `,
        )})
        AND CASE WHEN c.reltuples < 0 THEN s.pages > 0 ELSE abs(s.pages - c.relpages) > 8 + c.relpages / 10 END
      ORDER BY s.pages DESC, c.relname
      LIMIT 1`),
  );
  if (!stale) return null;
  await db.execute(sql`ANALYZE ${sql.identifier(stale.name)}`);
  return stale.name;
}

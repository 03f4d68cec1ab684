-- The donor search's trigram indexes on PGlite too (migration 0010 made them PostgreSQL-only), with a
-- 64 MB pending list: an import appends its rows' entries there instead of updating the GIN tree row
-- by row (what made PGlite imports ~5x slower), and the VACUUM that follows each import merges them
-- in bulk. 100k donors: name search 560-900 ms -> 77 ms p95; import 34-39 s -> 41-48 s (docs/PERFORMANCE.md).
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    CREATE INDEX IF NOT EXISTS "donors_full_name_trgm_idx" ON "donors" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 65536);
    CREATE INDEX IF NOT EXISTS "donors_email_trgm_idx" ON "donors" USING gin ("email" gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 65536);
  END IF;
END $$;

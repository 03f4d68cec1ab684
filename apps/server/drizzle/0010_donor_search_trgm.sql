-- Trigram indexes for the donor search, on PostgreSQL only: on PGlite (WebAssembly) GIN trigram
-- maintenance made imports about 5x slower (20k rows: 11 s -> 60 s), so there the search stays a scan.
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    CREATE INDEX IF NOT EXISTS "donors_full_name_trgm_idx" ON "donors" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "donors_email_trgm_idx" ON "donors" USING gin ("email" gin_trgm_ops);
  END IF;
END $$;

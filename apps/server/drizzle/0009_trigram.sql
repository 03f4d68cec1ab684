-- Substring search on donor names and emails (ILIKE '%term%') through GIN trigram indexes.
-- pg_trgm is a trusted extension (PostgreSQL 13+); PGlite loads it from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

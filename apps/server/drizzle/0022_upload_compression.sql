-- Stored uploads (ADR 042) compressed with lz4 instead of pglz: 62 MB of CSV took PostgreSQL 1.7-1.9 s
-- of CPU to store with pglz and 0.37-0.40 s with lz4, for 32 MB instead of 26 MB (docs/PERFORMANCE.md;
-- ADR 056). A server built without lz4 stores them uncompressed (0.30 s, 64 MB). New values only.
DO $$
BEGIN
  ALTER TABLE "donor_import_uploads" ALTER COLUMN "data" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  ALTER TABLE "donor_import_uploads" ALTER COLUMN "data" SET STORAGE EXTERNAL;
END $$;

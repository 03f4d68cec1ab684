-- Stored uploads are the CSV as sent since ADR 059 (stored while it is parsed); those stored before are
-- the spool itself. A server taking an import over during a rolling deploy reads each kind as it is.
ALTER TABLE "donor_import_uploads" ADD COLUMN "format" text DEFAULT 'spool' NOT NULL;
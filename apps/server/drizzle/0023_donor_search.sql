-- The list's search on a narrow table of each donor's name and email, kept by triggers on "donors"
-- (docs/decisions/057-donor-search-table.md). The app never writes it.
CREATE TABLE "donor_search" (
	"donor_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text
);
--> statement-breakpoint
-- Writers wait on this lock until the copy below matches the donors already stored (as in 0021).
LOCK TABLE "donors" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- Inserts and deletes: one statement per write statement, over its transition table (an import's chunk
-- is one statement, so its rows cost one INSERT here, not one trigger call each).
CREATE FUNCTION "donor_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "donor_search" ("donor_id", "organization_id", "first_name", "last_name", "email")
  SELECT "id", "organization_id", "first_name", "last_name", "email" FROM "new_donors";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "donor_search_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "donor_search" AS s USING "old_donors" AS d WHERE s."donor_id" = d."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "donor_search_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "donor_search";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Updates row by row, and only for a changed name or email: a transition table would copy every
-- updated donor (≈ 2 KB each, old and new) for every update of any column.
CREATE FUNCTION "donor_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "donor_search"
  SET "first_name" = NEW."first_name", "last_name" = NEW."last_name", "email" = NEW."email"
  WHERE "donor_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "donor_search_insert" AFTER INSERT ON "donors" REFERENCING NEW TABLE AS "new_donors"
  FOR EACH STATEMENT EXECUTE FUNCTION "donor_search_insert"();--> statement-breakpoint
CREATE TRIGGER "donor_search_delete" AFTER DELETE ON "donors" REFERENCING OLD TABLE AS "old_donors"
  FOR EACH STATEMENT EXECUTE FUNCTION "donor_search_delete"();--> statement-breakpoint
CREATE TRIGGER "donor_search_truncate" AFTER TRUNCATE ON "donors"
  FOR EACH STATEMENT EXECUTE FUNCTION "donor_search_truncate"();--> statement-breakpoint
CREATE TRIGGER "donor_search_update" AFTER UPDATE OF "first_name", "last_name", "email" ON "donors"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name"
    OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "donor_search_update"();--> statement-breakpoint
INSERT INTO "donor_search" ("donor_id", "organization_id", "first_name", "last_name", "email")
SELECT "id", "organization_id", "first_name", "last_name", "email" FROM "donors";--> statement-breakpoint
DROP INDEX IF EXISTS "donors_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "donors_email_trgm_idx";--> statement-breakpoint
-- The name order no longer needs the email, which was there for the search's count (0020).
DROP INDEX IF EXISTS "donors_org_name_email_idx";--> statement-breakpoint
CREATE INDEX "donors_org_name_idx" ON "donors" USING btree ("organization_id","last_name","first_name","id");--> statement-breakpoint
-- PGlite: a 64 MB pending list, as migration 0012 gave the donors' trigram indexes (an import appends
-- there instead of updating the GIN tree row by row; the VACUUM after each import merges it). And no
-- organisation index: it serves only two-letter terms in an installation of many organisations, and it
-- cost PGlite's 100k import 1-1.5 s of its 30 (docs/PERFORMANCE.md).
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    CREATE INDEX "donor_search_full_name_trgm_idx" ON "donor_search" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 65536);
    CREATE INDEX "donor_search_email_trgm_idx" ON "donor_search" USING gin ("email" gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 65536);
  ELSE
    CREATE INDEX "donor_search_org_idx" ON "donor_search" USING btree ("organization_id");
    CREATE INDEX "donor_search_full_name_trgm_idx" ON "donor_search" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);
    CREATE INDEX "donor_search_email_trgm_idx" ON "donor_search" USING gin ("email" gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
-- Statistics now, so the first searches after the upgrade are planned on the copy's real size.
ANALYZE "donor_search";

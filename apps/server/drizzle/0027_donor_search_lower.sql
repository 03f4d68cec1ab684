-- The search's name and email kept in lower case (docs/decisions/062-search-on-lower-case-copies.md):
-- the list compares them with LIKE and lower(term), which is what ILIKE does on a UTF-8 database after
-- lowering every row it checks. The copy is derived from "donors" alone, so it is built again whole.
-- Writers wait on this lock until the new copy matches the donors already stored (as in 0023).
LOCK TABLE "donors" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
DROP TABLE "donor_search";--> statement-breakpoint
CREATE TABLE "donor_search" (
	"donor_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"name_lower" text NOT NULL,
	"email_lower" text
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "donor_search" ("donor_id", "organization_id", "first_name", "last_name", "name_lower", "email_lower")
  SELECT "id", "organization_id", "first_name", "last_name",
         lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), lower("email")
  FROM "new_donors";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "donor_search"
  SET "first_name" = NEW."first_name", "last_name" = NEW."last_name",
      "name_lower" = lower(coalesce(NEW."first_name", '') || ' ' || coalesce(NEW."last_name", '')),
      "email_lower" = lower(NEW."email")
  WHERE "donor_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "donor_search" ("donor_id", "organization_id", "first_name", "last_name", "name_lower", "email_lower")
SELECT "id", "organization_id", "first_name", "last_name",
       lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), lower("email")
FROM "donors";--> statement-breakpoint
-- As in 0023: PGlite's trigram indexes take a 64 MB pending list and it has no organisation index.
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    CREATE INDEX "donor_search_name_trgm_idx" ON "donor_search" USING gin ("name_lower" gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 65536);
    CREATE INDEX "donor_search_email_trgm_idx" ON "donor_search" USING gin ("email_lower" gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 65536);
  ELSE
    CREATE INDEX "donor_search_org_idx" ON "donor_search" USING btree ("organization_id");
    CREATE INDEX "donor_search_name_trgm_idx" ON "donor_search" USING gin ("name_lower" gin_trgm_ops);
    CREATE INDEX "donor_search_email_trgm_idx" ON "donor_search" USING gin ("email_lower" gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
ANALYZE "donor_search";

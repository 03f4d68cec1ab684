-- The list's name order without regard to case or accents (docs/decisions/075-name-order-keys.md). The
-- names had sorted by the database's collation: on PGlite ("C") and on a "C.UTF-8" server that is code
-- point order, so "de Souza" came after "Zimmer" and "Ávila" after every plain name. Each name now has a
-- key, lower case with the Latin accents of Latin-1 and Latin Extended-A folded to their letters (one
-- letter each: ß is s, Æ is A), compared byte by byte (COLLATE "C"), the same on every database.
-- Names of plain ASCII (octet length = length) skip the fold, and lower case them by the "C" rules,
-- which only ever change A-Z: translate() over 183 letters costs about as much as the rest of a donor's
-- insert, and a linguistic lower() a fifth more than the ASCII one (ADR 075 has the measurements).
CREATE OR REPLACE FUNCTION "donor_name_sort_key"(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN octet_length(name) = length(name) THEN lower(name COLLATE "C")
    ELSE lower(translate(name, 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžßÆæŒœÐðÞþ', 'AAAAAACEEEEIIIINOOOOOOUUUUYaaaaaaceeeeiiiinoooooouuuuyyAaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiJjKkLlLlLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzsAaOoDdTt')) END
$$;--> statement-breakpoint
-- The keys are kept by PostgreSQL itself, so no writer (import, edit, undo) can leave one stale. Adding
-- them rewrites the table and its indexes once.
ALTER TABLE "donors"
  ADD COLUMN "last_name_key" text COLLATE "C" GENERATED ALWAYS AS (donor_name_sort_key("last_name")) STORED,
  ADD COLUMN "first_name_key" text COLLATE "C" GENERATED ALWAYS AS (donor_name_sort_key("first_name")) STORED;--> statement-breakpoint
DROP INDEX "donors_org_name_idx";--> statement-breakpoint
DROP INDEX "donors_org_capacity_sort_idx";--> statement-breakpoint
DROP INDEX "donors_org_contacted_sort_idx";--> statement-breakpoint
CREATE INDEX "donors_org_name_idx" ON "donors" USING btree ("organization_id","last_name_key","first_name_key","id");--> statement-breakpoint
CREATE INDEX "donors_org_capacity_sort_idx" ON "donors" USING btree ("organization_id","estimated_capacity" DESC NULLS LAST,"last_name_key","first_name_key","id");--> statement-breakpoint
CREATE INDEX "donors_org_contacted_sort_idx" ON "donors" USING btree ("organization_id","last_contact_date" DESC NULLS LAST,"last_name_key","first_name_key","id") WHERE "donors"."last_contact_date" IS NOT NULL;--> statement-breakpoint
-- The search's copy sorts its matches by the same keys, so it keeps them instead of the names as
-- written. It is derived from "donors" alone, so it is built again whole, as in 0027; writers wait on
-- this lock until the new copy matches the donors already stored.
LOCK TABLE "donors" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
DROP TABLE "donor_search";--> statement-breakpoint
CREATE TABLE "donor_search" (
	"donor_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"first_name_key" text COLLATE "C",
	"last_name_key" text COLLATE "C",
	"name_lower" text NOT NULL,
	"email_lower" text
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "donor_search" ("donor_id", "organization_id", "first_name_key", "last_name_key", "name_lower", "email_lower")
  SELECT "id", "organization_id", "first_name_key", "last_name_key",
         lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), lower("email")
  FROM "new_donors";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "donor_search"
  SET "first_name_key" = NEW."first_name_key", "last_name_key" = NEW."last_name_key",
      "name_lower" = lower(coalesce(NEW."first_name", '') || ' ' || coalesce(NEW."last_name", '')),
      "email_lower" = lower(NEW."email")
  WHERE "donor_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "donor_search" ("donor_id", "organization_id", "first_name_key", "last_name_key", "name_lower", "email_lower")
SELECT "id", "organization_id", "first_name_key", "last_name_key",
       lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), lower("email")
FROM "donors";--> statement-breakpoint
-- As in 0023 and 0027: PGlite's trigram indexes take a 64 MB pending list and it has no organisation index.
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
ANALYZE "donor_search";--> statement-breakpoint
ANALYZE "donors";

CREATE TABLE "donor_count_deltas" (
	"organization_id" uuid NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donor_count_deltas" ADD CONSTRAINT "donor_count_deltas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donor_count_deltas_org_idx" ON "donor_count_deltas" USING btree ("organization_id");--> statement-breakpoint
-- Appended to by statement-level triggers, one row per statement and organisation, so writers never wait
-- on each other here (docs/decisions/051-donor-count-per-organisation.md); housekeeping folds the rows.
-- Writers wait on this lock until the rows match the donors already stored.
LOCK TABLE "donors" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "donor_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "donor_count_deltas" ("organization_id", "delta")
  SELECT "organization_id", count(*) FROM "new_donors" GROUP BY "organization_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "donor_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Not for an organisation being deleted (its rows go with it, and a new row would break the foreign key).
  INSERT INTO "donor_count_deltas" ("organization_id", "delta")
  SELECT d."organization_id", -count(*) FROM "old_donors" AS d
  WHERE EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = d."organization_id")
  GROUP BY d."organization_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "donor_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "donor_count_deltas";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "donors_keep_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a donor''s organization_id cannot change (donor_count_deltas relies on it)';
END $$;--> statement-breakpoint
CREATE TRIGGER "donor_counts_insert" AFTER INSERT ON "donors" REFERENCING NEW TABLE AS "new_donors"
  FOR EACH STATEMENT EXECUTE FUNCTION "donor_counts_insert"();--> statement-breakpoint
CREATE TRIGGER "donor_counts_delete" AFTER DELETE ON "donors" REFERENCING OLD TABLE AS "old_donors"
  FOR EACH STATEMENT EXECUTE FUNCTION "donor_counts_delete"();--> statement-breakpoint
CREATE TRIGGER "donor_counts_truncate" AFTER TRUNCATE ON "donors"
  FOR EACH STATEMENT EXECUTE FUNCTION "donor_counts_truncate"();--> statement-breakpoint
CREATE TRIGGER "donors_keep_organization" BEFORE UPDATE OF "organization_id" ON "donors"
  FOR EACH ROW WHEN (OLD."organization_id" IS DISTINCT FROM NEW."organization_id")
  EXECUTE FUNCTION "donors_keep_organization"();--> statement-breakpoint
INSERT INTO "donor_count_deltas" ("organization_id", "delta")
SELECT "organization_id", count(*) FROM "donors" GROUP BY "organization_id";

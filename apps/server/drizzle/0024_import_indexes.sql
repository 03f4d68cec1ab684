-- Fewer indexes for an import to keep up to date (ADR 058); a million donors' import spent most of the
-- database's time in them. The three match keys become one GIN index of their hashes, and the newest-first
-- Last Contact sort holds only contacted donors (an imported donor has no contact yet).
CREATE INDEX "donors_match_keys_idx" ON "donors" USING gin ((ARRAY[hashtextextended('c' || "client_id", 0), hashtextextended('e' || lower("email"), 0), hashtextextended('n' || (lower(coalesce("last_name", '')) || '|' || lower(coalesce("first_name", '')) || '|' || coalesce("zip", '')), 0)]));--> statement-breakpoint
CREATE INDEX "donors_org_contacted_sort_idx" ON "donors" USING btree ("organization_id","last_contact_date" DESC NULLS LAST,"last_name","first_name","id") WHERE "donors"."last_contact_date" IS NOT NULL;--> statement-breakpoint
DROP INDEX "donors_org_client_id_idx";--> statement-breakpoint
DROP INDEX "donors_org_email_idx";--> statement-breakpoint
DROP INDEX "donors_org_name_key_idx";--> statement-breakpoint
DROP INDEX "donors_org_last_contact_sort_idx";

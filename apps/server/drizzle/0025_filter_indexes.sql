-- The filter columns index keyed on the organisation alone, every filter column INCLUDEd, and quality and
-- age in an index of their own (ADR 059). The old index's thirteen keys scattered entries with equal
-- quality and age across the table, so the quality + age count changed visibility-map pages at nearly
-- every entry; an import inserted into it at random places. Built in about 4 s per million donors.
DROP INDEX "donors_org_filter_cols_idx";--> statement-breakpoint
CREATE INDEX "donors_org_quality_age_idx" ON "donors" USING btree ("organization_id","quality_score","age");--> statement-breakpoint
CREATE INDEX "donors_org_filter_cols_idx" ON "donors" USING btree ("organization_id") INCLUDE ("quality_score", "age", "estimated_capacity", "ds_rating", "last_gift_amount", "first_gift_amount", "total_gift_amount", "largest_gift_amount", "largest_gift_found", "number_of_gifts", "last_gift_date", "largest_gift_date");
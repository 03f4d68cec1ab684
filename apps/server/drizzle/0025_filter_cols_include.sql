-- The filter columns index with quality and age as its only keys and the other filter columns INCLUDEd
-- (ADR 059): the exact count of a quality + age filter changed visibility-map pages at nearly every entry, because
-- the later key columns scattered equal (quality, age) entries across the table; INCLUDEd columns do not
-- order entries, so those stay in table order. Built in about 2 s per million donors.
DROP INDEX "donors_org_filter_cols_idx";--> statement-breakpoint
CREATE INDEX "donors_org_filter_cols_idx" ON "donors" USING btree ("organization_id","quality_score","age") INCLUDE ("estimated_capacity", "ds_rating", "last_gift_amount", "first_gift_amount", "total_gift_amount", "largest_gift_amount", "largest_gift_found", "number_of_gifts", "last_gift_date", "largest_gift_date");
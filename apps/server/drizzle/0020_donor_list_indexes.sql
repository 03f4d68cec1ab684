DROP INDEX "donors_org_name_idx";--> statement-breakpoint
DROP INDEX "donors_org_rating_idx";--> statement-breakpoint
CREATE INDEX "donors_org_name_email_idx" ON "donors" USING btree ("organization_id","last_name","first_name","id","email");--> statement-breakpoint
CREATE INDEX "donors_org_rating_capacity_idx" ON "donors" USING btree ("organization_id","ds_rating","estimated_capacity");
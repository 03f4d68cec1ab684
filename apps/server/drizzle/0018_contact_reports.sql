CREATE TABLE "contact_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"donor_id" uuid NOT NULL,
	"user_id" text,
	"type" text NOT NULL,
	"contact_date" date NOT NULL,
	"participants" text DEFAULT '' NOT NULL,
	"participant_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text NOT NULL,
	"next_step" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "last_contact_date" date;--> statement-breakpoint
ALTER TABLE "contact_reports" ADD CONSTRAINT "contact_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reports" ADD CONSTRAINT "contact_reports_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reports" ADD CONSTRAINT "contact_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_reports_donor_date_idx" ON "contact_reports" USING btree ("donor_id","contact_date","created_at");--> statement-breakpoint
CREATE INDEX "contact_reports_org_date_idx" ON "contact_reports" USING btree ("organization_id","contact_date");--> statement-breakpoint
CREATE INDEX "donors_org_last_contact_idx" ON "donors" USING btree ("organization_id","last_contact_date");--> statement-breakpoint
CREATE INDEX "donors_org_last_contact_sort_idx" ON "donors" USING btree ("organization_id","last_contact_date" DESC NULLS LAST,"last_name","first_name","id");
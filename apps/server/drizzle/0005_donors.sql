CREATE TABLE "donor_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text,
	"source" text NOT NULL,
	"import_batch_id" uuid,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_group_members" (
	"donor_group_id" uuid NOT NULL,
	"donor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donor_group_members_donor_group_id_donor_id_pk" PRIMARY KEY("donor_group_id","donor_id")
);
--> statement-breakpoint
CREATE TABLE "donor_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_id" text,
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text,
	"file_name" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "donor_import_problems" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "donor_import_problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"column" text NOT NULL,
	"problem" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"prefix" text,
	"first_name" text,
	"middle_name" text,
	"last_name" text,
	"suffix" text,
	"age" integer,
	"date_of_birth" date,
	"email" text,
	"phone_number" text,
	"address" text,
	"address2" text,
	"city" text,
	"state" text,
	"zip" text,
	"client_id" text,
	"ds_rating" text,
	"quality_score" numeric(5, 2),
	"classic_quality_score" numeric(8, 2),
	"estimated_capacity" numeric(14, 2),
	"total_gift_amount" numeric(14, 2),
	"number_of_gifts" integer,
	"last_gift_date" date,
	"last_gift_amount" numeric(14, 2),
	"largest_gift_amount" numeric(14, 2),
	"largest_gift_date" date,
	"largest_gift_found" numeric(14, 2),
	"first_gift_amount" numeric(14, 2),
	"first_date_range" text,
	"notes" text DEFAULT '' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_donor_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_id" text,
	"organization_id" uuid NOT NULL,
	"filter_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"stage_name" text NOT NULL,
	"prompt_response" text,
	"ai_output" text,
	"prep_notes" text,
	"campaign_id" uuid,
	"user_id" text,
	"provider" text,
	"model" text,
	"prompt_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donor_changes" ADD CONSTRAINT "donor_changes_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_changes" ADD CONSTRAINT "donor_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_changes" ADD CONSTRAINT "donor_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_changes" ADD CONSTRAINT "donor_changes_import_batch_id_donor_import_batches_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."donor_import_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_group_members" ADD CONSTRAINT "donor_group_members_donor_group_id_donor_groups_id_fk" FOREIGN KEY ("donor_group_id") REFERENCES "public"."donor_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_group_members" ADD CONSTRAINT "donor_group_members_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_groups" ADD CONSTRAINT "donor_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_groups" ADD CONSTRAINT "donor_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_import_batches" ADD CONSTRAINT "donor_import_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_import_batches" ADD CONSTRAINT "donor_import_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_import_problems" ADD CONSTRAINT "donor_import_problems_batch_id_donor_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."donor_import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donors" ADD CONSTRAINT "donors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_donor_groups" ADD CONSTRAINT "saved_donor_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_donor_groups" ADD CONSTRAINT "saved_donor_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donor_changes_donor_idx" ON "donor_changes" USING btree ("donor_id","created_at");--> statement-breakpoint
CREATE INDEX "donor_changes_batch_idx" ON "donor_changes" USING btree ("import_batch_id");--> statement-breakpoint
CREATE INDEX "donor_group_members_donor_idx" ON "donor_group_members" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donor_groups_org_idx" ON "donor_groups" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "donor_import_batches_org_idx" ON "donor_import_batches" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "donor_import_problems_batch_idx" ON "donor_import_problems" USING btree ("batch_id","row");--> statement-breakpoint
CREATE INDEX "donors_org_name_idx" ON "donors" USING btree ("organization_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "donors_org_client_id_idx" ON "donors" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "donors_org_email_idx" ON "donors" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "donors_org_name_zip_idx" ON "donors" USING btree ("organization_id",lower("last_name"),lower("first_name"),"zip");--> statement-breakpoint
CREATE INDEX "donors_org_rating_idx" ON "donors" USING btree ("organization_id","ds_rating");--> statement-breakpoint
CREATE INDEX "donors_org_capacity_idx" ON "donors" USING btree ("organization_id","estimated_capacity");--> statement-breakpoint
CREATE INDEX "donors_org_last_gift_date_idx" ON "donors" USING btree ("organization_id","last_gift_date");--> statement-breakpoint
CREATE INDEX "donors_created_by_import_idx" ON "donors" USING btree ("created_by_import_id");--> statement-breakpoint
CREATE INDEX "saved_donor_groups_org_idx" ON "saved_donor_groups" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "stages_donor_stage_idx" ON "stages" USING btree ("donor_id","stage_name");--> statement-breakpoint
CREATE INDEX "stages_org_idx" ON "stages" USING btree ("organization_id","created_at");
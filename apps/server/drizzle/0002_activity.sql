CREATE TABLE "user_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"organization_id" uuid,
	"action_type" text NOT NULL,
	"action_name" text NOT NULL,
	"resource_type" text,
	"resource_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"session_id" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer,
	"success" boolean DEFAULT true NOT NULL,
	"error_message" text
);
--> statement-breakpoint
ALTER TABLE "user_actions" ADD CONSTRAINT "user_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_actions" ADD CONSTRAINT "user_actions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_actions_org_time_idx" ON "user_actions" USING btree ("organization_id","timestamp");--> statement-breakpoint
CREATE INDEX "user_actions_time_idx" ON "user_actions" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "user_actions_user_time_idx" ON "user_actions" USING btree ("user_id","timestamp");
CREATE TABLE "digest_subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"hour" integer DEFAULT 8 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "no_contact_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "stages" ADD COLUMN "kind" text DEFAULT 'ai' NOT NULL;--> statement-breakpoint
ALTER TABLE "stages" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "digest_subscriptions" ADD CONSTRAINT "digest_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
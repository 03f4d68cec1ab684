-- The limits every app server shares (ADR 040). UNLOGGED (written by hand: drizzle-kit does not model it):
-- a commit that touched only these tables does not wait for a WAL flush, which was most of an upsert's
-- cost on PostgreSQL (about 4 ms of 5). A database crash empties them, which only resets the counts.
CREATE UNLOGGED TABLE "failure_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "failure_windows_expires_idx" ON "failure_windows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_windows_reset_idx" ON "rate_limit_windows" USING btree ("reset_at");
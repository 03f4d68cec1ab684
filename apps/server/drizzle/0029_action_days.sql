-- Action History's counts by day (docs/decisions/068-action-counts-by-day.md): what the history's
-- exact count and summary add up for the whole days of a range instead of reading every action. The key
-- starts with the organisation: an organisation's counts are one range of it.
CREATE TABLE "user_action_days" (
	"day" date NOT NULL,
	"organization_id" uuid,
	"action_type" text NOT NULL,
	"action_name" text NOT NULL,
	"resource_type" text,
	"success" boolean NOT NULL,
	"actions" bigint NOT NULL,
	"duration_sum" bigint NOT NULL,
	"durations" bigint NOT NULL,
	CONSTRAINT "user_action_days_key" UNIQUE NULLS NOT DISTINCT("organization_id","day","action_type","action_name","resource_type","success")
);
--> statement-breakpoint
CREATE INDEX "user_action_days_day_idx" ON "user_action_days" USING btree ("day");--> statement-breakpoint
-- Writers wait on this lock until the counts below match the actions already stored (as in 0023).
LOCK TABLE "user_actions" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- One statement per write statement, over its transition tables: each action counts +1 under its new
-- key and -1 under its old one (an update: a page view's duration arriving, an organisation deleted
-- setting its actions' organisation to null). Keys are written in their order, so two writers lock the
-- same rows in the same order.
CREATE FUNCTION "user_action_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- PL/pgSQL plans a statement when it first runs it: the DELETE branch never names "new_actions".
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "user_action_days" AS d ("day", "organization_id", "action_type", "action_name", "resource_type",
      "success", "actions", "duration_sum", "durations")
    SELECT ("timestamp" AT TIME ZONE 'UTC')::date, "organization_id", "action_type", "action_name", "resource_type",
           "success", -count(*), -coalesce(sum("duration_ms"), 0), -count("duration_ms")
    FROM "old_actions"
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT "user_action_days_key" DO UPDATE SET
      "actions" = d."actions" + excluded."actions",
      "duration_sum" = d."duration_sum" + excluded."duration_sum",
      "durations" = d."durations" + excluded."durations";
  ELSE
    INSERT INTO "user_action_days" AS d ("day", "organization_id", "action_type", "action_name", "resource_type",
      "success", "actions", "duration_sum", "durations")
    SELECT "day", "organization_id", "action_type", "action_name", "resource_type", "success",
           sum("sign"), sum("sign" * coalesce("duration_ms", 0)), sum(CASE WHEN "duration_ms" IS NULL THEN 0 ELSE "sign" END)
    FROM (
      SELECT ("timestamp" AT TIME ZONE 'UTC')::date AS "day", "organization_id", "action_type", "action_name",
             "resource_type", "success", "duration_ms"::bigint, 1 AS "sign"
      FROM "new_actions"
      UNION ALL
      SELECT ("timestamp" AT TIME ZONE 'UTC')::date, "organization_id", "action_type", "action_name",
             "resource_type", "success", "duration_ms", -1
      FROM "old_actions"
    ) AS c
    GROUP BY 1, 2, 3, 4, 5, 6
    -- An update that changed no counted value (most: a page view's details) writes nothing.
    HAVING sum("sign") <> 0 OR sum("sign" * coalesce("duration_ms", 0)) <> 0
        OR sum(CASE WHEN "duration_ms" IS NULL THEN 0 ELSE "sign" END) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT "user_action_days_key" DO UPDATE SET
      "actions" = d."actions" + excluded."actions",
      "duration_sum" = d."duration_sum" + excluded."duration_sum",
      "durations" = d."durations" + excluded."durations";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_action_days_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_action_days" AS d ("day", "organization_id", "action_type", "action_name", "resource_type",
    "success", "actions", "duration_sum", "durations")
  SELECT ("timestamp" AT TIME ZONE 'UTC')::date, "organization_id", "action_type", "action_name", "resource_type",
         "success", count(*), coalesce(sum("duration_ms"), 0), count("duration_ms")
  FROM "new_actions"
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT "user_action_days_key" DO UPDATE SET
    "actions" = d."actions" + excluded."actions",
    "duration_sum" = d."duration_sum" + excluded."duration_sum",
    "durations" = d."durations" + excluded."durations";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_action_days_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "user_action_days";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_action_days_insert" AFTER INSERT ON "user_actions" REFERENCING NEW TABLE AS "new_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_action_days_insert"();--> statement-breakpoint
-- Every update (PostgreSQL allows no column list with transition tables); one that changes nothing
-- counted writes nothing (the HAVING above).
CREATE TRIGGER "user_action_days_update" AFTER UPDATE ON "user_actions"
  REFERENCING OLD TABLE AS "old_actions" NEW TABLE AS "new_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_action_days_apply"();--> statement-breakpoint
CREATE TRIGGER "user_action_days_delete" AFTER DELETE ON "user_actions" REFERENCING OLD TABLE AS "old_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_action_days_apply"();--> statement-breakpoint
CREATE TRIGGER "user_action_days_truncate" AFTER TRUNCATE ON "user_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_action_days_truncate"();--> statement-breakpoint
INSERT INTO "user_action_days" ("day", "organization_id", "action_type", "action_name", "resource_type", "success",
  "actions", "duration_sum", "durations")
SELECT ("timestamp" AT TIME ZONE 'UTC')::date, "organization_id", "action_type", "action_name", "resource_type",
       "success", count(*), coalesce(sum("duration_ms"), 0), count("duration_ms")
FROM "user_actions"
GROUP BY 1, 2, 3, 4, 5, 6;

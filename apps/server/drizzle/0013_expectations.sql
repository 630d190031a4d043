-- Expected events (docs/expected-events.md): supervision per device, periodic tests, check-ins.
ALTER TABLE "devices" ADD COLUMN "supervision_seconds" integer;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "test_interval_hours" integer;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_test_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_check_in_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "device_profiles" ADD COLUMN "check_ins" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- A contact plus a number of seconds. timestamptz + interval is only STABLE (a day or a month
-- depends on the time zone); seconds alone do not, so this may be IMMUTABLE and indexed.
CREATE FUNCTION "sos_seconds_after"("at" timestamp with time zone, "secs" integer)
  RETURNS timestamp with time zone LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT "at" + make_interval(secs => "secs") $$;
--> statement-breakpoint
-- The offline sweep: devices on the global offlineAfterSeconds by last contact (as before) ...
DROP INDEX "devices_online_last_seen_idx";
--> statement-breakpoint
CREATE INDEX "devices_online_last_seen_idx" ON "devices" USING btree ("last_seen_at")
  WHERE online AND deleted_at IS NULL AND supervision_seconds IS NULL;
--> statement-breakpoint
-- ... and those with their own supervision by their own deadline, computed once, indexed.
CREATE INDEX "devices_supervision_due_idx" ON "devices" USING btree (sos_seconds_after("last_seen_at", "supervision_seconds"))
  WHERE online AND deleted_at IS NULL AND supervision_seconds IS NOT NULL;
--> statement-breakpoint
-- One pending expectation per device and kind (TEST, CHECK_IN): when it falls due; null when
-- nothing is pending (a missed test waits for the next one).
CREATE TABLE "expectations" (
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone,
	"window_start" timestamp with time zone,
	"window_label" text,
	CONSTRAINT "expectations_device_id_kind_pk" PRIMARY KEY("device_id","kind")
);
--> statement-breakpoint
CREATE INDEX "expectations_due_idx" ON "expectations" USING btree ("due_at") WHERE due_at IS NOT NULL;
--> statement-breakpoint
-- Every miss, for the stats (checkInsMissed, testsMissed).
CREATE TABLE "expectation_misses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "expectation_misses_at_idx" ON "expectation_misses" USING btree ("at");

CREATE TABLE "device_profiles" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"resident_name" text,
	"address" text,
	"phone" text,
	"notes" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sos_timeline" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sos_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"by_id" integer,
	"by_username" text,
	"text" text
);
--> statement-breakpoint
CREATE TABLE "technical_alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"type" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "battery_pct" smallint;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "online" boolean;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "acknowledged_by_id" integer;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "acknowledged_by_username" text;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "location_lat" double precision;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "location_lon" double precision;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "location_accuracy_m" double precision;--> statement-breakpoint
ALTER TABLE "device_profiles" ADD CONSTRAINT "device_profiles_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sos_timeline" ADD CONSTRAINT "sos_timeline_sos_id_sos_id_fk" FOREIGN KEY ("sos_id") REFERENCES "public"."sos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sos_timeline" ADD CONSTRAINT "sos_timeline_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_alarms" ADD CONSTRAINT "technical_alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sos_timeline_sos_idx" ON "sos_timeline" USING btree ("sos_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "technical_alarms_active_idx" ON "technical_alarms" USING btree ("device_id","type") WHERE cleared_at IS NULL;--> statement-breakpoint
ALTER TABLE "sos" ADD CONSTRAINT "sos_acknowledged_by_id_users_id_fk" FOREIGN KEY ("acknowledged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_online_last_seen_idx" ON "devices" USING btree ("last_seen_at") WHERE online AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "sos_escalation_due_idx" ON "sos" USING btree ("created_at") WHERE state = 'OPEN' AND acknowledged_at IS NULL AND escalated_at IS NULL;--> statement-breakpoint
CREATE INDEX "sos_created_at_idx" ON "sos" USING btree ("created_at");
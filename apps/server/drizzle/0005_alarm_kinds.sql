ALTER TABLE "sos" ADD COLUMN "kind" text DEFAULT 'PANIC' NOT NULL;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "source_protocol" text DEFAULT 'HTTP' NOT NULL;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "source_code" text;--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "source_detail" text;--> statement-breakpoint
CREATE TABLE "device_repeats" (
	"serial" text NOT NULL,
	"repeat_key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_repeats_serial_repeat_key_pk" PRIMARY KEY("serial","repeat_key")
);
--> statement-breakpoint
CREATE INDEX "device_repeats_at_idx" ON "device_repeats" USING btree ("at");

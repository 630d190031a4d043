ALTER TABLE "sos_timeline" ADD COLUMN "call_to" text;--> statement-breakpoint
ALTER TABLE "sos_timeline" ADD COLUMN "call_contact_index" smallint;--> statement-breakpoint
ALTER TABLE "sos_timeline" ADD COLUMN "call_name" text;--> statement-breakpoint
ALTER TABLE "sos_timeline" ADD COLUMN "call_phone" text;--> statement-breakpoint
ALTER TABLE "sos_timeline" ADD COLUMN "call_result" text;--> statement-breakpoint
CREATE INDEX "sos_timeline_calls_idx" ON "sos_timeline" USING btree ("sos_id") WHERE type = 'CALL';

-- Voice (docs/voice.md). A CALL entry says how it was made: MANUAL (a result button) or VOICE
-- (written from Kamailio's events), its direction and an answered call's whole seconds.
-- The rows already here are result buttons: MANUAL, OUT.
ALTER TABLE "sos_timeline" ADD COLUMN "call_via" text;
--> statement-breakpoint
ALTER TABLE "sos_timeline" ADD COLUMN "call_direction" text;
--> statement-breakpoint
ALTER TABLE "sos_timeline" ADD COLUMN "call_duration_s" integer;
--> statement-breakpoint
-- The SIP Call-ID of a VOICE entry: Kamailio repeats an event until it is answered 2xx, and a
-- repeat must find the entry already written.
ALTER TABLE "sos_timeline" ADD COLUMN "call_voice_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "sos_timeline_call_voice_idx" ON "sos_timeline" ("call_voice_id") WHERE call_voice_id IS NOT NULL;
--> statement-breakpoint
UPDATE "sos_timeline" SET "call_via" = 'MANUAL', "call_direction" = 'OUT' WHERE "type" = 'CALL';
--> statement-breakpoint
-- A SCAIP alarm that asked for a call-back (cha 1): the unit's crd SIP URI, which never leaves
-- the server (Kamailio asks for it when an operator dials callback-<sosId>).
ALTER TABLE "sos" ADD COLUMN "call_back_uri" text;
--> statement-breakpoint
-- Call-IDs whose VOICE_CALL audit record is written (answer and end may both report it).
CREATE TABLE "voice_calls" (
  "call_id" text PRIMARY KEY NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);

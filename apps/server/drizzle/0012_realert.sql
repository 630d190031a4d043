-- The re-alert (docs/alarm-handling.md, "Re-alert"): when a further alarm re-alerted the open
-- SOS, and every kind it received, the latest alarm's last (NULL: only the raise's kind,
-- so no row needs rewriting). The escalation deadline now runs from the latest re-alert.
ALTER TABLE "sos" ADD COLUMN "realerted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sos" ADD COLUMN "kinds" text[];
--> statement-breakpoint
DROP INDEX IF EXISTS "sos_escalation_due_idx";
--> statement-breakpoint
CREATE INDEX "sos_escalation_due_idx" ON "sos" USING btree ((coalesce("realerted_at", "created_at"))) WHERE state = 'OPEN' AND acknowledged_at IS NULL AND escalated_at IS NULL;

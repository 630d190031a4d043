DROP INDEX "sos_closed_at_idx";--> statement-breakpoint
CREATE INDEX "sos_closed_order_idx" ON "sos" USING btree ("closed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE state = 'CLOSED';--> statement-breakpoint
CREATE INDEX "sos_device_closed_order_idx" ON "sos" USING btree ("device_id","closed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE state = 'CLOSED';
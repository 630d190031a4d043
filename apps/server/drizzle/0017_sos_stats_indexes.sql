-- The reports' indexes (docs/alarm-handling.md "Reports"): each day's SOS are read by
-- index-only range scans that carry their ack time, and the medians by acknowledger come in
-- (acker, ack_s) order, so a year of statistics neither sorts every SOS by day nor by
-- acknowledger. Their price: an acknowledgement rewrites index entries instead of a HOT update.
CREATE INDEX "sos_stats_created_at_ack_idx" ON "sos_stats" USING btree ("created_at") INCLUDE ("ack_s");
--> statement-breakpoint
DROP INDEX "sos_stats_created_at_idx";
--> statement-breakpoint
CREATE INDEX "sos_stats_acker_ack_idx" ON "sos_stats" USING btree ("acker", "ack_s") INCLUDE ("created_at");

-- The reports' summary (docs/alarm-handling.md "Reports"): one narrow row per SOS with what the
-- statistics read, kept current by triggers on sos and sos_timeline, whoever writes them, so a
-- year of statistics reads this table alone instead of recounting the timeline. Seconds are
-- extract(epoch ...)::float8, the reports' own definition; the day is left to the query (it
-- depends on the time zone asked for).
CREATE TABLE "sos_stats" (
	"sos_id" integer PRIMARY KEY NOT NULL REFERENCES "sos"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone NOT NULL,
	"ack_s" double precision,
	"close_s" double precision,
	"acker" text,
	"closed_by_username" text,
	"outcome" text,
	"kind" text NOT NULL,
	"closed_unacked" boolean NOT NULL,
	"ack_steps" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"contact_calls" integer DEFAULT 0 NOT NULL,
	"contact_answered" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sos_stats_created_at_idx" ON "sos_stats" USING btree ("created_at");
--> statement-breakpoint
-- What one SOS row gives (the timeline's counters start at 0). "Ack" is raise → first
-- acknowledgement, else → close, credited to whoever did it; closed_unacked still needs no
-- ACKNOWLEDGED step on the timeline (ack_steps = 0: a re-alert may have undone one).
-- SETOF, one SELECT in SQL: the planner inlines it into the triggers' statements, where a
-- call per row made a raise-to-close cycle's writes cost twice what they cost without the summary.
CREATE FUNCTION "sos_stats_of"(s sos) RETURNS SETOF sos_stats LANGUAGE sql IMMUTABLE ROWS 1 AS $$
  SELECT s.id, s.created_at,
    extract(epoch FROM coalesce(s.acknowledged_at, s.closed_at) - s.created_at)::float8,
    extract(epoch FROM s.closed_at - s.created_at)::float8,
    CASE WHEN s.acknowledged_at IS NOT NULL THEN s.acknowledged_by_username ELSE s.closed_by_username END,
    s.closed_by_username, s.outcome, s.kind, s.state = 'CLOSED' AND s.acknowledged_at IS NULL, 0, 0, 0, 0
$$;
--> statement-breakpoint
-- The timeline's counters per SOS (the backfill and a recount).
CREATE VIEW "sos_stats_timeline_counts" AS
  SELECT t.sos_id, count(*) FILTER (WHERE t.type = 'ACKNOWLEDGED')::int AS ack_steps,
    count(*) FILTER (WHERE t.type = 'CALL')::int AS calls,
    count(*) FILTER (WHERE t.type = 'CALL' AND t.call_to = 'CONTACT')::int AS contact_calls,
    count(*) FILTER (WHERE t.type = 'CALL' AND t.call_to = 'CONTACT' AND t.call_result = 'ANSWERED')::int
      AS contact_answered
  FROM sos_timeline t WHERE t.type IN ('ACKNOWLEDGED', 'CALL') GROUP BY t.sos_id;
--> statement-breakpoint
-- Raised or changed SOS (one statement, many rows): their row, counters untouched; rows whose
-- figures did not change (an escalation, a note's updated_at) are not rewritten.
CREATE FUNCTION "sos_stats_sos_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sos_stats SELECT f.* FROM changed c, LATERAL sos_stats_of(c) f
  ON CONFLICT (sos_id) DO UPDATE SET created_at = EXCLUDED.created_at, ack_s = EXCLUDED.ack_s,
    close_s = EXCLUDED.close_s, acker = EXCLUDED.acker, closed_by_username = EXCLUDED.closed_by_username,
    outcome = EXCLUDED.outcome, kind = EXCLUDED.kind, closed_unacked = EXCLUDED.closed_unacked
  WHERE (sos_stats.created_at, sos_stats.ack_s, sos_stats.close_s, sos_stats.acker,
      sos_stats.closed_by_username, sos_stats.outcome, sos_stats.kind, sos_stats.closed_unacked)
    IS DISTINCT FROM (EXCLUDED.created_at, EXCLUDED.ack_s, EXCLUDED.close_s, EXCLUDED.acker,
      EXCLUDED.closed_by_username, EXCLUDED.outcome, EXCLUDED.kind, EXCLUDED.closed_unacked);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sos_stats_sos_inserted" AFTER INSERT ON "sos" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "sos_stats_sos_changed"();
--> statement-breakpoint
CREATE TRIGGER "sos_stats_sos_updated" AFTER UPDATE ON "sos" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "sos_stats_sos_changed"();
--> statement-breakpoint
-- Calls logged and ACKNOWLEDGED steps added: the counters grow. The row is written whole if it
-- is not there yet (the SOS's own trigger may come second when one statement writes both).
CREATE FUNCTION "sos_stats_timeline_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sos_stats
  SELECT f.sos_id, f.created_at, f.ack_s, f.close_s, f.acker, f.closed_by_username, f.outcome, f.kind,
    f.closed_unacked, a.ack_steps, a.calls, a.contact_calls, a.contact_answered
  FROM (SELECT t.sos_id, count(*) FILTER (WHERE t.type = 'ACKNOWLEDGED')::int AS ack_steps,
      count(*) FILTER (WHERE t.type = 'CALL')::int AS calls,
      count(*) FILTER (WHERE t.type = 'CALL' AND t.call_to = 'CONTACT')::int AS contact_calls,
      count(*) FILTER (WHERE t.type = 'CALL' AND t.call_to = 'CONTACT' AND t.call_result = 'ANSWERED')::int
        AS contact_answered
    FROM added t WHERE t.type IN ('ACKNOWLEDGED', 'CALL') GROUP BY t.sos_id) a
  JOIN sos s ON s.id = a.sos_id, LATERAL sos_stats_of(s) f
  ON CONFLICT (sos_id) DO UPDATE SET ack_steps = sos_stats.ack_steps + EXCLUDED.ack_steps,
    calls = sos_stats.calls + EXCLUDED.calls, contact_calls = sos_stats.contact_calls + EXCLUDED.contact_calls,
    contact_answered = sos_stats.contact_answered + EXCLUDED.contact_answered;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sos_stats_timeline_inserted" AFTER INSERT ON "sos_timeline" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "sos_stats_timeline_added"();
--> statement-breakpoint
-- A timeline row changed or removed (nothing in the product does either): the counters of the
-- SOS it belonged to are counted afresh.
CREATE FUNCTION "sos_stats_timeline_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := ARRAY(SELECT g.sos_id FROM gone g);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    ids := ids || ARRAY(SELECT c.sos_id FROM came c);
  END IF;
  UPDATE sos_stats st SET ack_steps = coalesce(n.ack_steps, 0), calls = coalesce(n.calls, 0),
    contact_calls = coalesce(n.contact_calls, 0), contact_answered = coalesce(n.contact_answered, 0)
  FROM sos_stats st2 LEFT JOIN sos_stats_timeline_counts n USING (sos_id)
  WHERE st2.sos_id = ANY (ids) AND st.sos_id = st2.sos_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sos_stats_timeline_deleted" AFTER DELETE ON "sos_timeline" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION "sos_stats_timeline_recount"();
--> statement-breakpoint
CREATE TRIGGER "sos_stats_timeline_updated" AFTER UPDATE ON "sos_timeline"
  REFERENCING OLD TABLE AS gone NEW TABLE AS came
  FOR EACH STATEMENT EXECUTE FUNCTION "sos_stats_timeline_recount"();
--> statement-breakpoint
-- The SOS already there, then their timelines' counters.
INSERT INTO sos_stats SELECT f.* FROM sos s, LATERAL sos_stats_of(s) f;
--> statement-breakpoint
UPDATE sos_stats st SET ack_steps = n.ack_steps, calls = n.calls, contact_calls = n.contact_calls,
  contact_answered = n.contact_answered
FROM sos_stats_timeline_counts n WHERE st.sos_id = n.sos_id;

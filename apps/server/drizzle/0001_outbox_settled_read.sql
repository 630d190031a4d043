-- The live hub's settled read (src/live/store.ts, readSettledAfter) in ONE round trip.
-- It takes the outbox order lock (src/live/outbox.ts, OUTBOX_ORDER_LOCK = 0x534f534c)
-- exclusively, which waits for every writer holding an event id, then reads with a fresh
-- snapshot (each query of a VOLATILE function takes one). Called outside a transaction, the
-- lock is released as soon as the rows are read: writers wait for the read only, never for
-- the server's event loop between statements.
CREATE OR REPLACE FUNCTION sos_read_settled_events(after_id bigint, max_rows integer)
RETURNS TABLE (id bigint, type text, data text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1397707596);
  RETURN QUERY
    SELECT e.id, e.type, e.data FROM events e WHERE e.id > after_id ORDER BY e.id LIMIT max_rows;
END
$$;

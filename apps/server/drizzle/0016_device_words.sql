-- Device words in the reader's language (docs/alarm-kinds.md "Device words"): the source
-- detail's parts and a DEVICE_EVENT entry's structured words, beside the Italian text
-- columns they describe (NULL on rows written before, which keep their text only).
-- json, not jsonb: the SOS's JSON built in SQL (sos/json-sql.ts) embeds it byte for byte.
ALTER TABLE "sos" ADD COLUMN "source_parts" json;
--> statement-breakpoint
ALTER TABLE "sos_timeline" ADD COLUMN "event" jsonb;

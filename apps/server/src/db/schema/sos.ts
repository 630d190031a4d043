import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ALARM_KINDS,
  ALARM_PROTOCOLS,
  CALL_ENTRY_TARGETS,
  CALL_RESULTS,
  CALL_VIA,
  SOS_OUTCOMES,
  SOS_TIMELINE_TYPES,
  VOICE_DIRECTIONS,
} from '@sos/contract';
import { tstz } from './columns.js';
import { devices } from './devices.js';
import { users } from './users.js';

export const sos = pgTable(
  'sos',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    state: text('state', { enum: ['OPEN', 'CLOSED'] })
      .notNull()
      .default('OPEN'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    closedAt: tstz('closed_at'),
    closedById: integer('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the user is deleted, so the history still says who closed it. */
    closedByUsername: text('closed_by_username'),
    idempotencyKey: text('idempotency_key'),
    // Alarm handling (docs/alarm-handling.md); usernames copied, as for the closer, so they survive deletion.
    acknowledgedAt: tstz('acknowledged_at'),
    acknowledgedById: integer('acknowledged_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    acknowledgedByUsername: text('acknowledged_by_username'),
    escalatedAt: tstz('escalated_at'),
    /** The latest further alarm that re-alerted it (docs/alarm-handling.md, "Re-alert"). */
    realertedAt: tstz('realerted_at'),
    outcome: text('outcome', { enum: SOS_OUTCOMES }),
    note: text('note'),
    locationLat: doublePrecision('location_lat'),
    locationLon: doublePrecision('location_lon'),
    locationAccuracyM: doublePrecision('location_accuracy_m'),
    // What the alarm is about and how it came (docs/alarm-kinds.md): the most severe kind the
    // open SOS received; `kinds` every kind received, the latest alarm's last (null: only `kind`).
    kind: text('kind', { enum: ALARM_KINDS }).notNull().default('PANIC'),
    kinds: text('kinds', { enum: ALARM_KINDS }).array(),
    sourceProtocol: text('source_protocol', { enum: ALARM_PROTOCOLS }).notNull().default('HTTP'),
    sourceCode: text('source_code'),
    sourceDetail: text('source_detail'),
    // A SCAIP alarm asking for a call-back (cha 1): the unit's crd, never sent to a browser
    // (docs/voice.md; migration 0011).
    callBackUri: text('call_back_uri'),
  },
  (t) => [
    // The database itself guarantees at most one open SOS per device.
    uniqueIndex('sos_one_open_per_device')
      .on(t.deviceId)
      .where(sql`state = 'OPEN'`),
    uniqueIndex('sos_idempotency_key')
      .on(t.deviceId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    // The history's keyset order (newest closure, then id), whole and per device (migration 0003).
    // NULLS FIRST: PostgreSQL's default for DESC, so a plain ORDER BY ... DESC walks the index.
    index('sos_closed_order_idx')
      .on(t.closedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`state = 'CLOSED'`),
    index('sos_device_closed_order_idx')
      .on(t.deviceId, t.closedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`state = 'CLOSED'`),
    // The escalation sweep: the nearest deadline among open, unacknowledged, unescalated SOS,
    // counted from the latest re-alert (migration 0012).
    index('sos_escalation_due_idx')
      .on(sql`coalesce(${t.realertedAt}, ${t.createdAt})`)
      .where(sql`state = 'OPEN' AND acknowledged_at IS NULL AND escalated_at IS NULL`),
    // Reporting ranges are on the raise time.
    index('sos_created_at_idx').on(t.createdAt),
  ],
);

/** Every step of an SOS, written in the same transaction as the change (docs/alarm-handling.md). */
export const sosTimeline = pgTable(
  'sos_timeline',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sosId: integer('sos_id')
      .notNull()
      .references(() => sos.id),
    at: tstz('at').notNull().defaultNow(),
    type: text('type', { enum: SOS_TIMELINE_TYPES }).notNull(),
    byId: integer('by_id').references(() => users.id, { onDelete: 'set null' }),
    byUsername: text('by_username'),
    text: text('text'),
    // A CALL entry's call (docs/call-out.md; migration 0007): name and phone copied from the
    // profile as they were, so a later edit does not rewrite the record. Null on other entries.
    callTo: text('call_to', { enum: CALL_ENTRY_TARGETS }),
    callContactIndex: smallint('call_contact_index'),
    callName: text('call_name'),
    callPhone: text('call_phone'),
    callResult: text('call_result', { enum: CALL_RESULTS }),
    // Voice (docs/voice.md; migration 0011): how the call was made, its direction, an answered
    // VOICE call's whole seconds, and its SIP Call-ID (one entry per call, whatever Kamailio repeats).
    callVia: text('call_via', { enum: CALL_VIA }),
    callDirection: text('call_direction', { enum: VOICE_DIRECTIONS }),
    callDurationS: integer('call_duration_s'),
    callVoiceId: text('call_voice_id'),
  },
  (t) => [
    index('sos_timeline_sos_idx').on(t.sosId, t.at, t.id),
    // The history's and the stats' call counts.
    index('sos_timeline_calls_idx')
      .on(t.sosId)
      .where(sql`type = 'CALL'`),
    uniqueIndex('sos_timeline_call_voice_idx')
      .on(t.callVoiceId)
      .where(sql`call_voice_id IS NOT NULL`),
  ],
);

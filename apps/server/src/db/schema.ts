import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ALARM_KINDS,
  ALARM_PROTOCOLS,
  CALL_ENTRY_TARGETS,
  CALL_RESULTS,
  CALL_VIA,
  DEVICE_TECHNICAL_TYPES,
  SOS_OUTCOMES,
  SOS_TIMELINE_TYPES,
  VOICE_DIRECTIONS,
} from '@sos/contract';
import { auditLog } from './audit-schema.js';
import { pushCursor, pushDeliveries, pushMessages, pushSubscriptions } from './push-schema.js';
import { authFailures, rateWindows, throttlePaces } from './throttle-schema.js';

export { auditLog };
export * from './push-schema.js';
export * from './throttle-schema.js';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['SUPER_ADMIN', 'EMPLOYEE'] }).notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Opaque refresh tokens, stored hashed; a family is one login's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    rotatedAt: tstz('rotated_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * One login, from its first token to its end: its refresh tokens rotate within it (their
 * family_id is its id) and its access tokens carry its id (claim `sid`), so ending it
 * (logout, a password or role change) refuses them at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    revokedAt: tstz('revoked_at'),
    /** Why it ended (auth/sessions.ts SessionEndReason); null while it lives (migration 0015). */
    endReason: text('end_reason', { enum: ['SIGNED_OUT', 'ACCOUNT_CHANGED', 'TOKEN_REUSED'] }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Devices are deleted softly: the history keeps their names. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    serial: text('serial').notNull().unique(),
    displayName: text('display_name').notNull(),
    /** deviceNameSortKey(displayName), written with it: getAll sorts on it (docs/console.md, migration 0010). */
    nameSortKey: text('name_sort_key').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at'),
    deletedAt: tstz('deleted_at'),
    /** Last battery level a heartbeat reported (0–100); null until one does (docs/alarm-handling.md). */
    batteryPct: smallint('battery_pct'),
    /**
     * null: not monitored yet (no heartbeat ever); true/false: the last transition the offline
     * sweep or a contact wrote, so each transition yields exactly one event (docs/alarm-handling.md).
     */
    online: boolean('online'),
    // Expected events (docs/expected-events.md; migration 0013).
    /** Offline after this long silent; null: the global offlineAfterSeconds. */
    supervisionSeconds: integer('supervision_seconds'),
    /** A periodic test is expected this often; null: none. */
    testIntervalHours: integer('test_interval_hours'),
    lastTestAt: tstz('last_test_at'),
    lastCheckInAt: tstz('last_check_in_at'),
  },
  (t) => [
    // The offline sweep: monitored, online, visible devices on the global setting by last
    // contact, and those with their own supervision by their own deadline (sos_seconds_after,
    // an IMMUTABLE function of migration 0013).
    index('devices_online_last_seen_idx')
      .on(t.lastSeenAt)
      .where(sql`online AND deleted_at IS NULL AND supervision_seconds IS NULL`),
    index('devices_supervision_due_idx')
      .using('btree', sql`sos_seconds_after(${t.lastSeenAt}, ${t.supervisionSeconds})`)
      .where(sql`online AND deleted_at IS NULL AND supervision_seconds IS NOT NULL`),
  ],
);

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

/** The person behind a device (docs/alarm-handling.md): personal data, never logged, kept across a delete. */
export const deviceProfiles = pgTable('device_profiles', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  residentName: text('resident_name'),
  address: text('address'),
  phone: text('phone'),
  notes: text('notes'),
  /** [{name, phone, relation}], at most 5 (the contract's schema validates it). */
  contacts: jsonb('contacts')
    .$type<{ name: string; phone: string | null; relation: string | null }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** "Check-in" windows [{days, from, to}] in TZ (docs/expected-events.md), at most 7. */
  checkIns: jsonb('check_ins')
    .$type<{ days: string[]; from: string; to: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * What is expected of a device and when it falls due (docs/expected-events.md): one row per
 * device and kind, TEST (its next test) or CHECK_IN (the end of its next window, which starts
 * at window_start). due_at null: nothing pending. The engine claims due rows with FOR UPDATE
 * SKIP LOCKED, so each is handled by one process, once.
 */
export const expectations = pgTable(
  'expectations',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['TEST', 'CHECK_IN'] }).notNull(),
    dueAt: tstz('due_at'),
    windowStart: tstz('window_start'),
    /** The window as its SOS names it: "08:00–10:00". */
    windowLabel: text('window_label'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.kind] }),
    index('expectations_due_idx')
      .on(t.dueAt)
      .where(sql`due_at IS NOT NULL`),
  ],
);

/** Every expectation missed, for the stats (checkInsMissed, testsMissed). */
export const expectationMisses = pgTable(
  'expectation_misses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['TEST', 'CHECK_IN'] }).notNull(),
    dueAt: tstz('due_at').notNull(),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('expectation_misses_at_idx').on(t.at)],
);

/**
 * Stored technical alarms: an SOS from a deleted device, and what devices report of
 * themselves (low battery, power failure, tamper; DEVICE_OFFLINE is derived from
 * devices.online). One active row per device and type; cleared by a restore (of the device,
 * or the device's own restore event) or a dismissal.
 */
export const technicalAlarms = pgTable(
  'technical_alarms',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['DELETED_DEVICE_SOS', ...DEVICE_TECHNICAL_TYPES] }).notNull(),
    since: tstz('since').notNull().defaultNow(),
    /** Last repeat: repeats within 60 s add nothing. */
    lastAt: tstz('last_at').notNull().defaultNow(),
    clearedAt: tstz('cleared_at'),
  },
  (t) => [
    uniqueIndex('technical_alarms_active_idx')
      .on(t.deviceId, t.type)
      .where(sql`cleared_at IS NULL`),
  ],
);

/**
 * Messages a receiver committed, by device serial and what makes a repeat (DC-09 seq and
 * data, SCAIP ref), kept 10 minutes: a repeat is answered again and changes nothing, whichever
 * process receives it, because the row is written in the transaction of the message's effect.
 */
export const deviceRepeats = pgTable(
  'device_repeats',
  {
    serial: text('serial').notNull(),
    repeatKey: text('repeat_key').notNull(),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.serial, t.repeatKey] }),
    index('device_repeats_at_idx').on(t.at),
  ],
);

/** Key/value settings: the device API key, the generated JWT secret. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Outbox of live events: written in the same transaction as the change, then NOTIFYed. */
export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  /** The event's JSON, serialized once when written and sent as is to every stream. */
  data: text('data').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const schema = {
  users,
  sessions,
  refreshTokens,
  devices,
  sos,
  sosTimeline,
  deviceProfiles,
  technicalAlarms,
  deviceRepeats,
  settings,
  events,
  authFailures,
  throttlePaces,
  rateWindows,
  auditLog,
  pushSubscriptions,
  pushCursor,
  pushMessages,
  pushDeliveries,
};
export type Schema = typeof schema;

/** Calls whose VOICE_CALL audit record is written, by SIP Call-ID (docs/voice.md; migration 0011). */
export const voiceCalls = pgTable('voice_calls', {
  callId: text('call_id').primaryKey(),
  at: tstz('at').notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEVICE_TECHNICAL_TYPES } from '@sos/contract';
import { tstz } from './columns.js';

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

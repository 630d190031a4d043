import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * Who calls sos@ (docs/voice.md), matched in this order: the SCAIP unit of an open SOS (its
 * `cid`, the serial's `SCAIP-<cid>`, or the user of the `crd` its alarm gave); then a device
 * whose resident or contact phone is the caller's number, one with an open SOS first; else
 * nobody, and the banner shows the number.
 */

/** A phone number as compared: digits and a leading + (00 read as +); '' for no digits. */
export function phoneKey(phone: string | null | undefined): string {
  const kept = (phone ?? '').replace(/[^0-9+]/g, '');
  const plus = kept.startsWith('+') ? '+' : '';
  const digits = kept.replace(/\+/g, '');
  if (!plus && digits.startsWith('00')) return `+${digits.slice(2)}`;
  return digits ? plus + digits : '';
}

/** phoneKey in SQL, for the profile's phones. */
const phoneKeySql = (column: SQL) =>
  sql`regexp_replace(regexp_replace(regexp_replace(coalesce(${column}, ''), '[^0-9+]', '', 'g'), '(.)\\+', '\\1', 'g'), '^00', '+')`;

export interface CallerMatch {
  deviceId: number;
  deviceName: string;
  sosId: number | null;
  /** How it matched: the unit itself, or a phone of its profile. */
  by: 'UNIT' | 'PHONE';
}

interface Row {
  id: number;
  display_name: string;
  sos_id: number | null;
}

const matchOf = (row: Row | undefined, by: CallerMatch['by']): CallerMatch | null =>
  row
    ? {
        deviceId: Number(row.id),
        deviceName: row.display_name,
        sosId: row.sos_id === null ? null : Number(row.sos_id),
        by,
      }
    : null;

export async function matchCaller(tx: Tx, caller: string): Promise<CallerMatch | null> {
  if (caller === '') return null;
  const unit = rowsOf<Row>(
    await tx.execute(sql`
      SELECT d.id, d.display_name, s.id AS sos_id FROM sos s JOIN devices d ON d.id = s.device_id
      WHERE s.state = 'OPEN' AND (d.serial = ${`SCAIP-${caller}`}
        OR split_part(split_part(s.call_back_uri, '@', 1), ':', 2) = ${caller})
      ORDER BY s.created_at DESC, s.id DESC LIMIT 1`),
  )[0];
  if (unit) return matchOf(unit, 'UNIT');
  const key = phoneKey(caller);
  if (key === '') return null;
  const phone = rowsOf<Row>(
    await tx.execute(sql`
      SELECT d.id, d.display_name, s.id AS sos_id
      FROM device_profiles p JOIN devices d ON d.id = p.device_id AND d.deleted_at IS NULL
      LEFT JOIN sos s ON s.device_id = d.id AND s.state = 'OPEN'
      WHERE ${phoneKeySql(sql`p.phone`)} = ${key}
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(p.contacts) c WHERE ${phoneKeySql(sql`c->>'phone'`)} = ${key})
      ORDER BY (s.id IS NULL), s.created_at DESC, d.id LIMIT 1`),
  )[0];
  return matchOf(phone, 'PHONE');
}

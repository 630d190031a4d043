import type { Sos } from '@sos/contract';
import type { devices, sos } from '../db/schema.js';

export type SosRow = typeof sos.$inferSelect;
/** The part of a device an SOS carries (kept for soft-deleted devices). */
export type DeviceRef = Pick<typeof devices.$inferSelect, 'id' | 'displayName'>;

export const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? iso(date) : null);
/** A user copied by id and username (the username survives the user's deletion). */
const userRef = (id: number | null, username: string | null) =>
  username === null ? null : { id, username };

/**
 * One SOS as the contract's sosSchema. Shared by the console routes, the device API and
 * the live stream, so an SOS looks the same wherever the console receives it; json-sql.ts
 * writes the same JSON in SQL.
 */
export function toSosJson(row: SosRow, device: DeviceRef): Sos {
  return {
    id: row.id,
    state: row.state,
    dateCreated: iso(row.createdAt),
    lastUpdated: iso(row.updatedAt),
    dateClosed: isoOrNull(row.closedAt),
    // The username is copied at closing time: it survives the user's deletion.
    closedBy: userRef(row.closedById, row.closedByUsername),
    acknowledgedAt: isoOrNull(row.acknowledgedAt),
    acknowledgedBy: userRef(row.acknowledgedById, row.acknowledgedByUsername),
    escalatedAt: isoOrNull(row.escalatedAt),
    realertedAt: isoOrNull(row.realertedAt),
    outcome: row.outcome,
    note: row.note,
    location:
      row.locationLat === null || row.locationLon === null
        ? null
        : { lat: row.locationLat, lon: row.locationLon, accuracyM: row.locationAccuracyM },
    kind: row.kind,
    kinds: row.kinds ?? [row.kind],
    source: {
      protocol: row.sourceProtocol,
      code: row.sourceCode,
      detail: row.sourceDetail,
      // Only when the device sent parts (docs/alarm-kinds.md "Device words").
      ...(row.sourceParts ? { parts: row.sourceParts } : {}),
    },
    device: { id: device.id, displayName: device.displayName },
    // Voice (docs/voice.md): only a call-back SOS has the key; the crd itself stays here.
    ...(row.callBackUri === null ? {} : { callBack: true as const }),
  };
}

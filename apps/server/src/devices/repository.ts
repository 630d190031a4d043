import { and, eq, isNull, sql } from 'drizzle-orm';
import { LIVE_EVENTS } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { devices } from '../db/schema.js';
import { appendEvent } from '../live/outbox.js';
import { rowsOf } from '../db/rows.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { deviceTarget } from '../audit/targets.js';
import { closeOpenSos, type Closer } from '../sos/close.js';
import { openSosOf } from '../sos/repository.js';
import { deviceJsonSql } from './device-json-sql.js';

/**
 * The visible devices with their open SOS (at most one each: the partial unique index), as
 * the JSON text GET /api/device/getAll sends, written by PostgreSQL in one row (deviceJsonSql).
 * At 100,000 devices, mapping 100,000 rows to objects and serializing them again took most of
 * the answer's time (bench console-10k, getAll alone). In the dashboard order
 * (compareDashboardOrder, packages/contract; docs/console.md): the SOS time to the millisecond
 * its JSON carries, and the stored name key in code point order (COLLATE "C": bytes, in every
 * locale). test/devices/list-json.test.ts proves it is the list toDeviceJson maps, in that order.
 */
export async function listDevicesJson(db: Tx): Promise<string> {
  const result = await db.execute(sql`
    SELECT coalesce(string_agg(${deviceJsonSql('d')}, ',' ORDER BY
      o.id IS NULL, date_trunc('milliseconds', o.created_at) DESC, o.id DESC,
      d.name_sort_key COLLATE "C", d.id), '') AS list
    FROM devices d LEFT JOIN sos o ON o.device_id = d.id AND o.state = 'OPEN'
    WHERE d.deleted_at IS NULL`);
  return `[${rowsOf<{ list: string }>(result)[0]?.list ?? ''}]`;
}

/**
 * Hides a device and closes its open SOS (so the alarm stops), with their live events,
 * in one transaction. Returns false when there is no such visible device.
 */
export async function softDeleteDevice(
  db: Db,
  id: number,
  closer: Closer,
  by: AuditBy,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    // Locks the device row: a concurrent SOS call of this device waits, then sees it deleted.
    const [device] = await tx
      .update(devices)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(devices.id, id), isNull(devices.deletedAt)))
      .returning({ id: devices.id, name: devices.displayName });
    if (!device) return false;
    // At most one (the partial unique index); the device row's lock keeps a new one out.
    const open = await openSosOf(tx, id);
    await closeOpenSos(
      tx,
      open.map((o) => ({ id: o.id, closer, closing: {} })),
    );
    await appendEvent(tx, LIVE_EVENTS.deviceDeleted, { id });
    await appendAudit(tx, { by, action: 'DEVICE_DELETED', target: deviceTarget(device) });
    return true;
  });
}

import { sql } from 'drizzle-orm';
import { DELETED_SOS_REPEAT_S, LIVE_EVENTS } from '@sos/contract';
import type { Db } from '../db/client.js';
import { writeWithEvent } from '../live/outbox.js';
import { deviceJsonSql } from './device-json-sql.js';

/**
 * A deleted device raised an SOS: its stored technical alarm and a `device-deleted-sos`
 * event, in one statement. The partial unique index (one active alarm per device and
 * type) makes concurrent calls of every process agree: the first inserts, a repeat within
 * DELETED_SOS_REPEAT_S adds nothing, a later one refreshes `last_at` and sounds again.
 */
export async function recordDeletedDeviceSos(db: Db, serial: string): Promise<void> {
  await writeWithEvent(
    db,
    LIVE_EVENTS.deviceDeletedSos,
    sql`device AS (
      SELECT * FROM devices WHERE serial = ${serial} AND deleted_at IS NOT NULL
    ),
    alarm AS (
      INSERT INTO technical_alarms (device_id, type) SELECT id, 'DELETED_DEVICE_SOS' FROM device
      ON CONFLICT (device_id, type) WHERE cleared_at IS NULL
      DO UPDATE SET last_at = now()
        WHERE technical_alarms.last_at < now() - make_interval(secs => ${DELETED_SOS_REPEAT_S})
      RETURNING device_id
    ),
    source AS (SELECT ${deviceJsonSql('device')} AS data FROM device JOIN alarm ON alarm.device_id = device.id)`,
  );
}

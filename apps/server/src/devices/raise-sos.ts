import type { AlarmKind, DeviceSosLocation, Sos } from '@sos/contract';
import type { Db } from '../db/client.js';
import { DomainError } from '../lib/domain-error.js';
import type { Outcome } from '../lib/outcome.js';
import { touchDevice } from './contact.js';
import { findOrRaiseSos, locationColumns, type NewSosRaise } from '../sos/raise.js';
import { recordDeletedDeviceSos } from './deleted-sos.js';

/**
 * `POST /api/device/sos`, composing the two rooms (device API → device and sos, never back):
 * a new open SOS in one statement (sos/raise.ts) when the device has none; otherwise, holding
 * the device's row (touchDevice: 404 unknown, 403 deleted), its open SOS or the one an already
 * seen Idempotency-Key created (200, even if closed since), with the location the device sent.
 */
export async function raiseSos(
  db: Db,
  serial: string,
  idempotencyKey: string | undefined,
  location: DeviceSosLocation | undefined,
  /** As sent: undefined raises PANIC, and on an open SOS is a plain repeat. */
  kind: AlarmKind | undefined,
  // raiseNewSos, batched with the raises that arrive together (plugins/app/sos-writes.ts).
  raiseNew: (raise: NewSosRaise) => Promise<Sos | null>,
): Promise<Outcome<Sos>> {
  const at = locationColumns(location);
  const raised = await raiseNew({ serial, idempotencyKey, at, kind: kind ?? 'PANIC' });
  if (raised) return { created: true, value: raised };
  try {
    return await db.transaction(async (tx) =>
      findOrRaiseSos(tx, await touchDevice(tx, serial), idempotencyKey, at, kind),
    );
  } catch (error) {
    // Still refused to the device, but never silent: a technical alarm in every console.
    if (error instanceof DomainError && error.code === 'DEVICE_DELETED')
      await recordDeletedDeviceSos(db, serial);
    throw error;
  }
}

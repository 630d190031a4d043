import { eq } from 'drizzle-orm';
import { SCAIP_HBI_MAX, SCAIP_HBI_MIN } from '@sos/contract';
import type { Db } from '../db/client.js';
import { devices } from '../db/schema.js';
import { readOfflineAfterSeconds } from '../devices/health/offline-sweep.js';

/**
 * What a SCAIP unit sending `<hbo>001</hbo>` is told in `<hbi>` (docs/expected-events.md): the
 * supervision the offline sweep holds it to (its own, else the global offlineAfterSeconds),
 * kept within what SCAIP allows (60–86400 s).
 */
export async function heartbeatIntervalOf(db: Db, serial: string): Promise<number> {
  const [row] = await db
    .select({ seconds: devices.supervisionSeconds })
    .from(devices)
    .where(eq(devices.serial, serial));
  const seconds = row?.seconds ?? (await readOfflineAfterSeconds(db));
  return Math.min(SCAIP_HBI_MAX, Math.max(SCAIP_HBI_MIN, seconds));
}

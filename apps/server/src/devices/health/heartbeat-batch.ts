import type { Tx } from '../../db/client.js';
import { recordContacts } from '../contact.js';
import { applyBatteryLevels } from './battery.js';

/** One coalesced heartbeat: a serial and the last battery level it reported (null: none). */
export interface Beat {
  serial: string;
  battery: number | null;
}

/**
 * Records many heartbeats in ONE statement (recordContacts, devices/contact.ts): last
 * contact = now(), online from null or false to true, one `device-online` event per device
 * that was offline. Answers the serials of the visible devices it touched; the others are
 * unknown or deleted (the caller refuses them: refuseContact's 404 or 403). A reported battery
 * level sets or clears "Batteria scarica" (battery.ts).
 */
export async function writeHeartbeats(db: Tx, beats: readonly Beat[]): Promise<Set<string>> {
  const touched = await recordContacts(
    db,
    beats.map((b) => ({ ...b, heartbeat: true })),
  );
  const levels = beats.flatMap(({ serial, battery }) => {
    const deviceId = touched.get(serial);
    return deviceId === undefined || battery === null ? [] : [{ deviceId, battery }];
  });
  if (levels.length > 0) await applyBatteryLevels(db, levels);
  return new Set(touched.keys());
}

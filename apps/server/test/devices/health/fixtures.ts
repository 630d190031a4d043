import { eq, sql } from 'drizzle-orm';
import { apiPath } from '@sos/contract';
import type { Tx } from '../../../src/db/client.js';
import { devices } from '../../../src/db/schema.js';
import { setSetting, SETTING_KEYS } from '../../../src/db/settings.js';
import type { TestContext } from '../../helpers/app.js';
import { deviceHeaders } from '../../routes/device/fixtures.js';

export const setOfflineAfter = (db: Tx, seconds: number) =>
  setSetting(db, SETTING_KEYS.offlineAfterSeconds, String(seconds));

/** Moves a device's last contact into the past, as if it had been silent that long. */
export const silentFor = (db: Tx, id: number, seconds: number) =>
  db
    .update(devices)
    .set({ lastSeenAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(devices.id, id));

export function beat(ctx: TestContext, serial: string, battery?: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: apiPath('deviceHeartbeat'),
    headers: deviceHeaders(ctx),
    payload: battery === undefined ? { serial } : { serial, battery },
  });
}

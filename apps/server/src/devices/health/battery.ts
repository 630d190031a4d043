import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LIVE_EVENTS } from '@sos/contract';
import type { Tx } from '../../db/client.js';
import { devices, technicalAlarms } from '../../db/schema.js';
import { appendEvent } from '../../live/outbox.js';
import { openSosOf } from '../../sos/repository.js';
import { toDeviceJson } from '../json.js';

/**
 * "Batteria scarica" from a reported battery percentage (docs/alarm-handling.md "Device
 * health"): at or below LOW_BATTERY_PCT the LOW_BATTERY technical alarm stands, above
 * BATTERY_OK_PCT it clears; between the two nothing changes, so a level wavering around 15 %
 * neither flaps nor repeats. Any protocol that reports a percentage comes through here.
 */
const LOW_BATTERY_PCT = 15;
const BATTERY_OK_PCT = 20;

/** One device's reported level. */
export interface BatteryLevel {
  deviceId: number;
  battery: number;
}

/**
 * Sets or clears LOW_BATTERY for the given levels, with the events the consoles need, in two
 * statements at most whatever the number of devices (a batch of heartbeats: most are fine and
 * clear nothing). The partial unique index and the conditional update make each change once.
 */
export async function applyBatteryLevels(tx: Tx, levels: readonly BatteryLevel[]): Promise<void> {
  const low = levels.filter((l) => l.battery <= LOW_BATTERY_PCT).map((l) => l.deviceId);
  const fine = levels.filter((l) => l.battery > BATTERY_OK_PCT).map((l) => l.deviceId);
  if (low.length > 0) {
    const set = await tx
      .insert(technicalAlarms)
      .values(low.map((deviceId) => ({ deviceId, type: 'LOW_BATTERY' as const })))
      .onConflictDoNothing({
        target: [technicalAlarms.deviceId, technicalAlarms.type],
        where: sql`cleared_at IS NULL`,
      })
      .returning({ deviceId: technicalAlarms.deviceId, since: technicalAlarms.since });
    for (const { deviceId, since } of set) {
      const [row] = await tx.select().from(devices).where(eq(devices.id, deviceId));
      if (!row) continue;
      const [open] = await openSosOf(tx, deviceId);
      const device = toDeviceJson(row, open ?? null);
      await appendEvent(tx, LIVE_EVENTS.technicalAlarm, {
        type: 'LOW_BATTERY',
        device,
        since: since.toISOString(),
      });
    }
  }
  if (fine.length > 0) {
    const cleared = await tx
      .update(technicalAlarms)
      .set({ clearedAt: sql`now()` })
      .where(
        and(
          inArray(technicalAlarms.deviceId, fine),
          eq(technicalAlarms.type, 'LOW_BATTERY'),
          isNull(technicalAlarms.clearedAt),
        ),
      )
      .returning({ deviceId: technicalAlarms.deviceId });
    for (const { deviceId } of cleared) {
      await appendEvent(tx, LIVE_EVENTS.technicalAlarmCleared, { type: 'LOW_BATTERY', deviceId });
    }
  }
}

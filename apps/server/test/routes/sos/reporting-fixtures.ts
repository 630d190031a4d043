import type { AlarmKind, SosOutcome } from '@sos/contract';
import { devices, sos } from '../../../src/db/schema.js';
import { deviceName } from '../../../src/devices/name.js';
import type { TestContext } from '../../helpers/app.js';

/** One SOS at fixed times: seconds after the raise for each step, null when it never happened. */
export interface SeededSos {
  raised: string;
  ackAfterS?: number;
  ackBy?: string;
  closeAfterS?: number;
  closedBy?: string;
  outcome?: SosOutcome;
  note?: string;
  escalateAfterS?: number;
  deviceId?: number;
  /** PANIC when unsaid. */
  kind?: AlarmKind;
}

const after = (raised: Date, seconds: number | undefined) =>
  seconds === undefined ? null : new Date(raised.getTime() + seconds * 1000);

let serials = 0;

export async function seedDevice(ctx: TestContext, displayName: string): Promise<number> {
  serials += 1;
  const [row] = await ctx.database.db
    .insert(devices)
    .values({ serial: `seed-${serials}-${Date.now()}`, ...deviceName(displayName) })
    .returning({ id: devices.id });
  return row!.id;
}

/** Inserts SOS as the alarm routes would have left them (each open one on a device of its own). */
export async function seedSos(ctx: TestContext, list: SeededSos[]): Promise<number[]> {
  const ids: number[] = [];
  for (const item of list) {
    const raised = new Date(item.raised);
    const closedAt = after(raised, item.closeAfterS);
    const [row] = await ctx.database.db
      .insert(sos)
      .values({
        deviceId: item.deviceId ?? (await seedDevice(ctx, `Seeded ${item.raised}`)),
        state: closedAt ? 'CLOSED' : 'OPEN',
        createdAt: raised,
        updatedAt: closedAt ?? raised,
        closedAt,
        closedByUsername: closedAt ? (item.closedBy ?? 'admin') : null,
        acknowledgedAt: after(raised, item.ackAfterS),
        acknowledgedByUsername: item.ackAfterS === undefined ? null : (item.ackBy ?? 'admin'),
        escalatedAt: after(raised, item.escalateAfterS),
        outcome: item.outcome ?? null,
        note: item.note ?? null,
        kind: item.kind ?? 'PANIC',
      })
      .returning({ id: sos.id });
    ids.push(row!.id);
  }
  return ids;
}

import { afterAll, beforeAll, expect, it } from 'vitest';
import { sosSchema } from '@sos/contract';
import { listDevicesJson } from '../../src/devices/repository.js';
import { listDevicesMapped } from '../routes/device/mapped-list.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import {
  closeSos,
  deleteDevice,
  heartbeat,
  raiseSos,
  register,
} from '../routes/device/fixtures.js';

/** getAll's list written by the database is the list the repository maps (same JSON, same order). */
describeEachDb('listDevicesJson', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it('gives the same devices, values and order as listDevicesMapped', async () => {
    expect(JSON.parse(await listDevicesJson(ctx.database.db))).toEqual([]);
    const names = ['Zulu', 'alfa', 'Bravo 10', 'Bravo 2', 'ñandú', 'Èco', 'x'];
    for (const [i, name] of names.entries()) await register(ctx, `lj-${i}`, name);
    await heartbeat(ctx, 'lj-1');
    await raiseSos(ctx, 'lj-2');
    await raiseSos(ctx, 'lj-4');
    const closed = sosSchema.parse((await raiseSos(ctx, 'lj-5')).json());
    await closeSos(ctx, closed.id);
    const listed = await listDevicesMapped(ctx.database.db);
    await deleteDevice(ctx, listed.find((d) => d.serial === 'lj-6')!.id);
    const mapped = await listDevicesMapped(ctx.database.db);
    const text = await listDevicesJson(ctx.database.db);
    expect(JSON.parse(text)).toEqual(mapped);
    // Compact, as JSON.stringify writes it: the same bytes.
    expect(text).toBe(JSON.stringify(mapped));
    expect(mapped.slice(0, 2).map((d) => d.serial)).toEqual(['lj-4', 'lj-2']);
  });
});

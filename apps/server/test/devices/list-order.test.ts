import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiPath, compareCodePoints, deviceNameSortKey, deviceSchema } from '@sos/contract';
import { rowsOf } from '../../src/db/rows.js';
import { devices, sos } from '../../src/db/schema.js';
import { fillNameSortKeys } from '../../src/db/name-sort-keys.js';
import { listDevicesJson } from '../../src/devices/repository.js';
import { listDevicesMapped } from '../routes/device/mapped-list.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { deleteDevice, register } from '../routes/device/fixtures.js';

/**
 * getAll's order is compareDashboardOrder's (packages/contract; docs/console.md): names by
 * their stored key, compared as code points on both databases, whatever the collation.
 */
describeEachDb('the dashboard order of getAll', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const names = async () =>
    (JSON.parse(await listDevicesJson(ctx.database.db)) as { displayName: string }[]).map(
      (d) => d.displayName,
    );
  const storedKeys = async () =>
    (
      await ctx.database.db
        .select({ name: devices.displayName, key: devices.nameSortKey })
        .from(devices)
    ).map((row) => [row.key, deviceNameSortKey(row.name)]);

  it('sorts names without case or accents, numbers by value, other characters by code point', async () => {
    // The same expectation as the console's (apps/console/src/entities/devices/deviceOrder.test.ts).
    const given = [
      'Zulu',
      'alfa',
      'Bravo 10',
      'Bravo 2',
      'ñandú',
      'Èco',
      'x',
      'Bravo 02',
      'Ärger',
      'Zulu 😀',
      'Zulu \uE000',
      'bravo 9',
    ];
    for (const [i, name] of given.entries()) await register(ctx, `lo-${i}`, name);
    const expected = [
      'alfa',
      'Ärger',
      'Bravo 2',
      'Bravo 02',
      'bravo 9',
      'Bravo 10',
      'Èco',
      'ñandú',
      'x',
      'Zulu',
      'Zulu \uE000',
      'Zulu 😀',
    ];
    expect(await names()).toEqual(expected);
    expect((await listDevicesMapped(ctx.database.db)).map((d) => d.displayName)).toEqual(expected);
    for (const [stored, computed] of await storedKeys()) expect(stored).toBe(computed);
  });

  it('compares keys in PostgreSQL (COLLATE "C") as compareCodePoints does, whatever the characters', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 6 }).filter((s) => !/[\0\p{Cs}]/u.test(s));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(text, fc.constantFrom('\uE000', '😀', '\uFFFD', 'a b', 'a-c', 'ab'))),
        async (keys) => {
          const result = await ctx.database.db.execute(
            sql`SELECT k FROM json_array_elements_text(${JSON.stringify(keys)}::json) k ORDER BY k COLLATE "C"`,
          );
          expect(rowsOf<{ k: string }>(result).map((row) => row.k)).toEqual(
            [...keys].sort(compareCodePoints),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('orders SOS raised in one millisecond as their JSON says: the newer SOS first', async () => {
    const [older, newer] = await ctx.database.db
      .select({ id: devices.id })
      .from(devices)
      .where(sql`${devices.serial} IN ('lo-0', 'lo-1')`)
      .orderBy(devices.id);
    // The older SOS (smaller id) a few microseconds later: PostgreSQL keeps them, the JSON does not.
    // Raised now, not in the past, so the escalation sweep leaves them alone between the two listings.
    const millisecond = new Date().toISOString().slice(0, 23);
    for (const [device, at] of [
      [older!.id, `${millisecond}900Z`],
      [newer!.id, `${millisecond}100Z`],
    ] as const) {
      await ctx.database.db
        .insert(sos)
        .values({ deviceId: device, createdAt: sql`${at}::timestamptz` });
    }
    const listed = JSON.parse(await listDevicesJson(ctx.database.db)) as { id: number }[];
    expect(listed.slice(0, 2).map((d) => d.id)).toEqual([newer!.id, older!.id]);
    expect(listed).toEqual(await listDevicesMapped(ctx.database.db));
  });

  it('moves a renamed device, and a device a receiver registers, by the key of its new name', async () => {
    const x = (await listDevicesMapped(ctx.database.db)).find((d) => d.displayName === 'x')!;
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `${apiPath('deviceRename')}?id=${x.id}`,
      headers: ctx.bearer(ctx.admin.token),
      payload: { displayName: 'Bravo 3' },
    });
    expect(deviceSchema.parse(res.json()).displayName).toBe('Bravo 3');
    await ctx.app.signalSink.accept({
      protocol: 'DC09',
      serial: 'DC09-0-0B0E',
      displayName: 'DC-09 0B0E',
      repeatKey: 'lo-k1',
      signals: [{ type: 'HEARTBEAT' }],
    });
    const list = await names();
    expect(list.indexOf('Bravo 3')).toBe(list.indexOf('bravo 9') - 1);
    expect(list.indexOf('DC-09 0B0E')).toBe(list.indexOf('Èco') - 1);
    for (const [stored, computed] of await storedKeys()) expect(stored).toBe(computed);
    expect(JSON.parse(await listDevicesJson(ctx.database.db))).toEqual(
      await listDevicesMapped(ctx.database.db),
    );
  });

  it('fills in the keys migration 0010 left empty', async () => {
    const [gone] = await ctx.database.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.serial, 'lo-2'));
    await deleteDevice(ctx, gone!.id);
    await ctx.database.db
      .update(devices)
      .set({ nameSortKey: '' })
      .where(sql`${devices.id} % 2 = 0`);
    await fillNameSortKeys(ctx.database.db);
    for (const [stored, computed] of await storedKeys()) expect(stored).toBe(computed);
  });
});

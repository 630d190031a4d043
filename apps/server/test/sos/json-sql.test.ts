import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { devices, sos } from '../../src/db/schema.js';
import { deviceName } from '../../src/devices/name.js';
import { rowsOf } from '../../src/db/rows.js';
import { toSosJson } from '../../src/sos/json.js';
import { sosJsonSql } from '../../src/sos/json-sql.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';

describeEachDb('SOS JSON built in SQL', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  /** The same row through toSosJson and through sosJsonSql. */
  const both = async (sosId: number) => {
    const [row] = await ctx.app.db
      .select({ sos, device: { id: devices.id, displayName: devices.displayName } })
      .from(sos)
      .innerJoin(devices, eq(devices.id, sos.deviceId))
      .where(eq(sos.id, sosId));
    const result = await ctx.app.db.execute(sql`
      SELECT ${sosJsonSql('s', sql`d.id`, sql`d.display_name`)} AS data
      FROM sos s JOIN devices d ON d.id = s.device_id WHERE s.id = ${sosId}`);
    const text = rowsOf<{ data: string }>(result)[0]!.data;
    return { js: toSosJson(row!.sos, row!.device), text, sql: JSON.parse(text) };
  };

  it('gives the JSON toSosJson gives, for open, closed and closed-by-a-deleted-user SOS', async () => {
    const [device] = await ctx.app.db
      .insert(devices)
      .values({ serial: 'json-sql', ...deviceName('Pulsante "cucina" — ü') })
      .returning();
    // now() carries microseconds: both sides must cut them the same way.
    const [open] = await ctx.app.db.insert(sos).values({ deviceId: device!.id }).returning();
    const [closed] = await ctx.app.db
      .insert(sos)
      .values({
        deviceId: device!.id,
        state: 'CLOSED',
        createdAt: sql`'2024-02-29 23:59:59.999999+00'`,
        closedAt: sql`now()`,
        closedById: ctx.admin.id,
        closedByUsername: 'admin',
      })
      .returning();
    const [orphan] = await ctx.app.db
      .insert(sos)
      .values({
        deviceId: device!.id,
        state: 'CLOSED',
        closedAt: sql`now()`,
        closedByUsername: 'gone',
      })
      .returning();
    // Every alarm-handling field set, a note JSON must escape, and doubles whose notation
    // differs between PostgreSQL and JavaScript (exponents, -0, integers).
    const [handled] = await ctx.app.db
      .insert(sos)
      .values({
        deviceId: device!.id,
        state: 'CLOSED',
        closedAt: sql`now()`,
        closedByUsername: 'gone',
        acknowledgedAt: sql`now()`,
        acknowledgedById: ctx.employee.id,
        acknowledgedByUsername: 'employee',
        escalatedAt: sql`now()`,
        outcome: 'FALSE_ALARM',
        note: 'riga 1\nriga "2"\t\\ \u0001 — ü 👵',
        locationLat: 0.00001,
        locationLon: -179.999999,
        locationAccuracyM: 1e21,
      })
      .returning();
    const located = [handled!];
    for (const [lat, lon, accuracyM] of [
      [1e-7, -0, null],
      [45.4642035, 9.189982, 12.5],
      [-90, 180, 0],
      [5e-324, -Math.PI * 1e-5, Math.E * 1e20],
      [0.1 + 0.2, 1 / 3, 1e15],
    ] as const) {
      const [row] = await ctx.app.db
        .insert(sos)
        .values({
          deviceId: device!.id,
          state: 'CLOSED',
          locationLat: lat,
          locationLon: lon,
          locationAccuracyM: accuracyM,
        })
        .returning();
      located.push(row!);
    }
    // Voice (docs/voice.md): a call-back SOS carries callBack: true, never its crd.
    const [callBack] = await ctx.app.db
      .insert(sos)
      .values({
        deviceId: device!.id,
        state: 'CLOSED',
        closedAt: sql`now()`,
        callBackUri: 'sip:4711@10.0.0.9:5060',
      })
      .returning();
    expect((await both(callBack!.id)).js).toMatchObject({ callBack: true });
    expect((await both(callBack!.id)).text).not.toContain('10.0.0.9');
    // A receiver's SOS: its detail's parts (docs/alarm-kinds.md "Device words"), as written.
    const [scaip] = await ctx.app.db
      .insert(sos)
      .values({
        deviceId: device!.id,
        state: 'CLOSED',
        kind: 'FALL',
        sourceProtocol: 'SCAIP',
        sourceCode: '0005/',
        sourceDetail: 'Rilevatore di caduta, n. 1, Camera "da" letto',
        sourceParts: { peripheral: '0005', number: '1', room: 'Camera "da" letto — ü' },
      })
      .returning();
    expect((await both(scaip!.id)).sql.source.parts).toEqual({
      peripheral: '0005',
      number: '1',
      room: 'Camera "da" letto — ü',
    });
    for (const row of [open!, closed!, orphan!, ...located, callBack!, scaip!]) {
      const { js, text, sql: fromSql } = await both(row.id);
      expect(fromSql).toEqual(js);
      // Byte for byte what JSON.stringify writes: clients may read the text as it comes.
      expect(text).toBe(JSON.stringify(js));
    }
    expect((await both(closed!.id)).sql.dateCreated).toBe('2024-02-29T23:59:59.999Z');
  });
});

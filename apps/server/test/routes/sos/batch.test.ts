import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, IDEMPOTENCY_KEY_HEADER, sosSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import {
  closeSos,
  deleteDevice,
  deviceHeaders,
  deviceWithOpenSos,
  eventsAfter,
  lastEventId,
  raiseSos,
  register,
} from '../device/fixtures.js';

/**
 * Raises and closes sent at once share batch statements (plugins/app/sos-writes.ts): each must be
 * answered exactly as when sent alone, whatever else its batch holds.
 */
describeOnOneDb('SOS raises and closes in batches', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const raiseAt = (serial: string, location: object, key: string) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath('deviceSos'),
      headers: { ...deviceHeaders(ctx), [IDEMPOTENCY_KEY_HEADER]: key },
      payload: { serial, location },
    });

  it('answers 30 concurrent raises each with its own new SOS and event, in fewer statements', async () => {
    const serials = Array.from({ length: 30 }, (_, i) => `batch-${i}`);
    for (const serial of serials) await register(ctx, serial, `Name ${serial}`);
    const before = await lastEventId(ctx);
    const batchesBefore = ctx.app.sosWrites.batches;
    const answers = await Promise.all(
      serials.map((serial, i) =>
        raiseAt(serial, { lat: 45 + i / 1000, lon: 1e-7 * i, accuracyM: i }, `k-${serial}`),
      ),
    );
    expect(ctx.app.sosWrites.batches - batchesBefore).toBeLessThan(serials.length);
    const raised = answers.map((res) => {
      expect(res.statusCode).toBe(201);
      return sosSchema.parse(res.json());
    });
    raised.forEach((sos, i) => {
      expect(sos).toMatchObject({ state: 'OPEN', device: { displayName: `Name ${serials[i]}` } });
      expect(sos.location).toEqual({ lat: 45 + i / 1000, lon: 1e-7 * i, accuracyM: i });
    });
    expect(new Set(raised.map((s) => s.id)).size).toBe(serials.length);
    const written = await eventsAfter(ctx, before);
    // One event per SOS, carrying the answer (two batches written at once may draw their
    // event ids in either order: compare by SOS id).
    expect(written.map((e) => e.type)).toEqual(serials.map(() => 'new-sos'));
    const bySosId = (a: unknown, b: unknown) => (a as { id: number }).id - (b as { id: number }).id;
    expect(written.map((e) => e.data).sort(bySosId)).toEqual([...raised].sort(bySosId));
    // Byte-equal to the answer of the same SOS read back alone (a repeat of its key: 200).
    const again = await raiseSos(ctx, serials[3]!, `k-${serials[3]}`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(answers[3]!.body);
  });

  it('answers a mixed batch as each alone: repeat, same device twice, unknown, deleted, offline', async () => {
    await register(ctx, 'mix-open');
    const first = await raiseSos(ctx, 'mix-open', 'mix-key');
    expect(first.statusCode).toBe(201);
    await register(ctx, 'mix-twice');
    const deleted = (await register(ctx, 'mix-deleted')).json<{ id: number }>();
    expect((await deleteDevice(ctx, deleted.id)).statusCode).toBeLessThan(300);
    const offline = (await register(ctx, 'mix-offline')).json<{ id: number }>();
    await ctx.app.db.execute(sql`UPDATE devices SET online = false WHERE id = ${offline.id}`);
    const before = await lastEventId(ctx);
    const [repeat, twiceA, twiceB, unknown, gone, back] = await Promise.all([
      raiseSos(ctx, 'mix-open', 'mix-key'),
      raiseSos(ctx, 'mix-twice'),
      raiseSos(ctx, 'mix-twice'),
      raiseSos(ctx, 'mix-unknown'),
      raiseSos(ctx, 'mix-deleted'),
      raiseSos(ctx, 'mix-offline'),
    ]);
    expect(repeat!.statusCode).toBe(200);
    expect(repeat!.body).toBe(first.body);
    expect([twiceA!.statusCode, twiceB!.statusCode].sort()).toEqual([200, 201]);
    expect(twiceA!.body).toBe(twiceB!.body);
    expect(unknown!.statusCode).toBe(404);
    expect(gone!.statusCode).toBe(403);
    expect(back!.statusCode).toBe(201);
    const types = (await eventsAfter(ctx, before)).map((e) => e.type).sort();
    expect(types).toEqual(['device-deleted-sos', 'device-online', 'new-sos', 'new-sos']);
  });

  it('closes 20 SOS at once, each answered with its own closed SOS; a double close writes one event', async () => {
    const open = [];
    for (let i = 0; i < 20; i++) open.push(await deviceWithOpenSos(ctx, `close-batch-${i}`));
    const before = await lastEventId(ctx);
    const closes = await Promise.all([
      ...open.map(({ sosId }, i) =>
        closeSos(ctx, sosId, i % 2 ? ctx.employee.token : ctx.admin.token),
      ),
      // Closed twice at once by the same user: which request wins is not defined, the answer is.
      closeSos(ctx, open[0]!.sosId, ctx.admin.token),
    ]);
    const closed = closes.map((res) => {
      expect(res.statusCode).toBe(200);
      return sosSchema.parse(res.json());
    });
    open.forEach(({ sosId }, i) => {
      expect(closed[i]).toMatchObject({ id: sosId, state: 'CLOSED' });
      expect(closed[i]!.closedBy).toEqual(
        i % 2
          ? { id: ctx.employee.id, username: 'employee' }
          : { id: ctx.admin.id, username: 'admin' },
      );
    });
    expect(closed[20]).toEqual(closed[0]);
    const written = await eventsAfter(ctx, before);
    expect(written.map((e) => e.type)).toEqual(open.map(() => 'new-sos-closed'));
    expect(
      written
        .map((e) => e.data)
        .sort((a, b) => (a as { id: number }).id - (b as { id: number }).id),
    ).toEqual(closed.slice(0, 20).sort((a, b) => a.id - b.id));
    expect(await closeSos(ctx, 999_999)).toMatchObject({ statusCode: 404 });
  });
});

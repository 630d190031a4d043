import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { register } from '../routes/device/fixtures.js';
import { call, FROM, recorded, recordedOnce } from './fixtures.js';

/** What is expected of a device, changed by a person: recorded without anything personal. */
describeEachDb('audit log: supervision, periodic tests and check-in windows', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const admin = () => ({ id: ctx.admin.id, username: 'admin' });

  it('records a supervision or test interval change with the values before and after; a repeat or a refusal records nothing', async () => {
    const { id } = (await register(ctx, 'sup-1', 'Centrale Bianchi')).json<{ id: number }>();
    const url = `${apiPath('deviceSupervision')}?id=${id}`;
    const target = { type: 'DEVICE', id, label: 'Centrale Bianchi' };
    const patch = (body: unknown, token = ctx.admin.token) => call(ctx, 'PATCH', url, token, body);
    expect(
      await recordedOnce(ctx, () => patch({ supervisionSeconds: 3600, testIntervalHours: 24 })),
    ).toMatchObject({
      action: 'DEVICE_SUPERVISION_CHANGED',
      actor: admin(),
      address: FROM,
      target,
      details: {
        before: { supervisionSeconds: null, testIntervalHours: null },
        after: { supervisionSeconds: 3600, testIntervalHours: 24 },
      },
    });
    // Only the key that changed; back to the global value is null.
    expect(
      await recordedOnce(ctx, () => patch({ supervisionSeconds: null, testIntervalHours: 24 })),
    ).toMatchObject({
      details: { before: { supervisionSeconds: 3600 }, after: { supervisionSeconds: null } },
    });
    const last = await recordedOnce(ctx, () => patch({ testIntervalHours: 168 }));
    expect(last.details).toEqual({
      before: { testIntervalHours: 24 },
      after: { testIntervalHours: 168 },
    });
    // A repeat, an employee, bad input, an unknown device: nothing.
    expect(await recorded(ctx, () => patch({ testIntervalHours: 168 }))).toEqual([]);
    expect(await recorded(ctx, () => patch({ testIntervalHours: 1 }, ctx.employee.token))).toEqual(
      [],
    );
    expect(await recorded(ctx, () => patch({ testIntervalHours: 0 }))).toEqual([]);
    expect(
      await recorded(ctx, () =>
        call(ctx, 'PATCH', `${apiPath('deviceSupervision')}?id=999999`, ctx.admin.token, {
          testIntervalHours: 2,
        }),
      ),
    ).toEqual([]);
  });

  it('records check-in windows changed as the profile field checkIns, never the times', async () => {
    const { id } = (await register(ctx, 'chk-1', 'Casa Verdi')).json<{ id: number }>();
    const url = `${apiPath('deviceProfile')}?id=${id}`;
    const windows = [{ days: ['MON', 'WED'], from: '08:00', to: '10:00' }];
    const record = await recordedOnce(ctx, () =>
      call(ctx, 'PUT', url, ctx.admin.token, { residentName: 'Gino Verdi', checkIns: windows }),
    );
    expect(record).toMatchObject({
      action: 'PROFILE_UPDATED',
      target: { type: 'DEVICE', id, label: 'Casa Verdi' },
      details: { fields: ['residentName', 'checkIns'] },
    });
    const moved = await recordedOnce(ctx, () =>
      call(ctx, 'PUT', url, ctx.admin.token, {
        residentName: 'Gino Verdi',
        checkIns: [{ ...windows[0], to: '11:00' }],
      }),
    );
    expect(moved.details).toEqual({ fields: ['checkIns'] });
    // Without `at`: the record's own time of day may read 11:00.
    const text = JSON.stringify([record, moved], (key, value: unknown) =>
      key === 'at' ? undefined : value,
    );
    for (const value of ['Gino', '08:00', '10:00', '11:00', 'MON'])
      expect(text).not.toContain(value);
  });
});

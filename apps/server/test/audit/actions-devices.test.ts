import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { deviceWithOpenSos, raiseSos, register } from '../routes/device/fixtures.js';
import { call, FROM, recorded, recordedOnce } from './fixtures.js';

describeEachDb('audit log: devices, profiles, SOS and exports from the API', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const admin = () => ({ id: ctx.admin.id, username: 'admin' });
  const employee = () => ({ id: ctx.employee.id, username: 'employee' });
  const sos = (id: number) => ({ type: 'SOS', id, label: `SOS #${id}` });

  it('records an SOS taken in charge, taken over, noted and closed; repeats and refusals record nothing', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'a-1', 'Camera 12');
    const ack = (token: string, more = '') =>
      call(ctx, 'POST', `${apiPath('sosAck')}?sosId=${sosId}${more}`, token);
    expect(await recordedOnce(ctx, () => ack(ctx.employee.token))).toMatchObject({
      action: 'SOS_ACKNOWLEDGED',
      actor: employee(),
      address: FROM,
      target: sos(sosId),
      details: null,
    });
    expect(await recorded(ctx, () => ack(ctx.employee.token))).toEqual([]); // the same user again
    expect(await recorded(ctx, () => ack(ctx.admin.token))).toEqual([]); // 409: someone else has it
    expect(await recordedOnce(ctx, () => ack(ctx.admin.token, '&takeOver=true'))).toMatchObject({
      action: 'SOS_TAKEN_OVER',
      actor: admin(),
      target: sos(sosId),
    });
    const note = await recordedOnce(ctx, () =>
      call(ctx, 'POST', `${apiPath('sosNote')}?sosId=${sosId}`, ctx.employee.token, {
        text: 'Richiamata la figlia',
      }),
    );
    expect(note).toMatchObject({
      action: 'SOS_NOTE_ADDED',
      actor: employee(),
      target: sos(sosId),
      details: null,
    });
    const close = () =>
      call(ctx, 'PATCH', `${apiPath('sosClose')}?sosId=${sosId}`, ctx.employee.token, {
        outcome: 'FALSE_ALARM',
        note: 'Tutto bene',
      });
    expect(await recordedOnce(ctx, close)).toMatchObject({
      action: 'SOS_CLOSED',
      actor: employee(),
      target: sos(sosId),
    });
    expect(await recorded(ctx, close)).toEqual([]); // already closed
    expect(
      await recorded(ctx, () =>
        call(ctx, 'POST', `${apiPath('sosNote')}?sosId=${sosId}`, ctx.employee.token, {
          text: 'tardi',
        }),
      ),
    ).toEqual([]);
    expect(
      await recorded(ctx, () =>
        call(ctx, 'POST', `${apiPath('sosNote')}?sosId=${sosId}`, ctx.employee.token, { text: '' }),
      ),
    ).toEqual([]);
    expect(await recorded(ctx, () => ack(ctx.employee.token))).toEqual([]); // closed: 409
  });

  it('records a batch of closes arriving together, one record each', async () => {
    const ids = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => (await deviceWithOpenSos(ctx, `b-${n}`)).sosId),
    );
    const records = await recorded(ctx, () =>
      Promise.all(
        ids.map((id) =>
          call(ctx, 'PATCH', `${apiPath('sosClose')}?sosId=${id}`, ctx.employee.token),
        ),
      ),
    );
    expect(records.map((r) => r.target?.id).sort()).toEqual([...ids].sort());
    expect(
      records.every((r) => r.action === 'SOS_CLOSED' && r.actor?.username === 'employee'),
    ).toBe(true);
  });

  it('records a profile read, and a profile change by the names of the fields changed', async () => {
    const { id } = (await register(ctx, 'p-1', 'Casa Rossi')).json<{ id: number }>();
    const url = `${apiPath('deviceProfile')}?id=${id}`;
    const target = { type: 'DEVICE', id, label: 'Casa Rossi' };
    expect(await recordedOnce(ctx, () => call(ctx, 'GET', url, ctx.employee.token))).toMatchObject({
      action: 'PROFILE_VIEWED',
      actor: employee(),
      address: FROM,
      target,
      details: null,
    });
    const profile = {
      residentName: 'Maria Rossi',
      phone: '+39 333 1234567',
      contacts: [{ name: 'Anna', phone: null, relation: 'figlia' }],
    };
    expect(
      await recordedOnce(ctx, () => call(ctx, 'PUT', url, ctx.admin.token, profile)),
    ).toMatchObject({
      action: 'PROFILE_UPDATED',
      actor: admin(),
      target,
      details: { fields: ['residentName', 'phone', 'contacts'] },
    });
    expect(
      await recordedOnce(ctx, () =>
        call(ctx, 'PUT', url, ctx.admin.token, { ...profile, notes: 'Diabetica' }),
      ),
    ).toMatchObject({
      details: { fields: ['notes'] },
    });
    expect(
      await recorded(ctx, () =>
        call(ctx, 'GET', `${apiPath('deviceProfile')}?id=999999`, ctx.employee.token),
      ),
    ).toEqual([]);
    expect(await recorded(ctx, () => call(ctx, 'PUT', url, ctx.employee.token, profile))).toEqual(
      [],
    );
    expect(
      await recorded(ctx, () => call(ctx, 'PUT', url, ctx.admin.token, { phone: 'call me' })),
    ).toEqual([]);
  });

  it('records a device deleted, restored, its profile purged, and its technical alarm dismissed', async () => {
    const { id } = (await register(ctx, 'd-1', 'Pendente cucina')).json<{ id: number }>();
    const target = { type: 'DEVICE', id, label: 'Pendente cucina' };
    const del = () => call(ctx, 'DELETE', `${apiPath('deviceDelete')}?id=${id}`, ctx.admin.token);
    expect(await recordedOnce(ctx, del)).toMatchObject({
      action: 'DEVICE_DELETED',
      actor: admin(),
      address: FROM,
      target,
    });
    expect(await recorded(ctx, del)).toEqual([]); // already deleted: 404
    expect(await recorded(ctx, () => raiseSos(ctx, 'd-1'))).toEqual([]); // a device's doing, not a person's
    const dismiss = () =>
      call(ctx, 'POST', `${apiPath('alarmsTechnicalDismiss')}?deviceId=${id}`, ctx.admin.token);
    expect(await recordedOnce(ctx, dismiss)).toMatchObject({
      action: 'TECHNICAL_ALARM_DISMISSED',
      actor: admin(),
      target,
    });
    expect(await recorded(ctx, dismiss)).toEqual([]); // none standing: 404
    const restore = () =>
      call(ctx, 'POST', `${apiPath('deviceRestore')}?id=${id}`, ctx.admin.token);
    expect(await recordedOnce(ctx, restore)).toMatchObject({
      action: 'DEVICE_RESTORED',
      actor: admin(),
      target,
    });
    expect(await recorded(ctx, restore)).toEqual([]);
    const purge = () => call(ctx, 'POST', `${apiPath('devicePurge')}?id=${id}`, ctx.admin.token);
    expect(await recordedOnce(ctx, purge)).toMatchObject({
      action: 'DEVICE_PURGED',
      actor: admin(),
      target,
    });
    expect(
      await recorded(ctx, () =>
        call(ctx, 'POST', `${apiPath('devicePurge')}?id=${id}`, ctx.employee.token),
      ),
    ).toEqual([]);
  });

  it('records the exports of the history and of the log with their filters', async () => {
    const history = await recordedOnce(ctx, () =>
      call(
        ctx,
        'GET',
        `${apiPath('sosHistoryCsv')}?from=2026-01-01&outcome=FALSE_ALARM`,
        ctx.admin.token,
      ),
    );
    expect(history).toMatchObject({
      action: 'HISTORY_EXPORTED',
      actor: admin(),
      address: FROM,
      target: null,
      details: { filters: { from: '2026-01-01', outcome: 'FALSE_ALARM' } },
    });
    const audit = await recordedOnce(ctx, () =>
      call(ctx, 'GET', `${apiPath('auditCsv')}?action=SOS_CLOSED&actor=Employee`, ctx.admin.token),
    );
    expect(audit).toMatchObject({
      action: 'AUDIT_EXPORTED',
      target: null,
      details: { filters: { action: 'SOS_CLOSED', actor: 'Employee' } },
    });
    expect(
      await recorded(ctx, () => call(ctx, 'GET', apiPath('auditCsv'), ctx.employee.token)),
    ).toEqual([]);
    expect(
      await recorded(ctx, () =>
        call(ctx, 'GET', `${apiPath('auditCsv')}?action=NOPE`, ctx.admin.token),
      ),
    ).toEqual([]);
  });
});

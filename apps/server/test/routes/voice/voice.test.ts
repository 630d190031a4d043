import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sosTimelineSchema, voiceCredentialsSchema } from '@sos/contract';
import { ephemeralPassword } from '../../../src/voice/credentials.js';
import { auditLog, sos, users } from '../../../src/db/schema.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { deviceWithOpenSos } from '../device/fixtures.js';
import { putProfile, timelineOf } from '../sos/handling-fixtures.js';
import { postEvent, routeQuestion, UNMANAGED, VOICE_SECRET } from './fixtures.js';

const PROFILE = {
  residentName: 'Giuseppina Ferraro',
  phone: '+39 011 555 0101',
  contacts: [{ name: 'Marco Ferraro', phone: '+39 333 123 4567', relation: 'figlio' }],
};

describeOnOneDb('voice: credentials, Kamailio events and routing questions', (kind) => {
  let ctx: TestContext;
  let off: TestContext;
  let n = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, undefined, UNMANAGED);
    off = await createTestApp(kind);
  });
  afterAll(async () => {
    await ctx.close();
    await off.close();
  });

  const openSos = async () => {
    const made = await deviceWithOpenSos(ctx, `voice-${++n}`, `Casa ${n}`);
    expect((await putProfile(ctx, made.deviceId, PROFILE)).statusCode).toBe(200);
    return made;
  };
  const calls = async (sosId: number) =>
    sosTimelineSchema.parse((await timelineOf(ctx, sosId)).json()).filter((e) => e.type === 'CALL');
  const voiceAudits = async () =>
    (await ctx.database.db.select().from(auditLog)).filter((r) => r.action === 'VOICE_CALL');

  it('is off without SOS_VOICE_SIP_PORT: credentials and events are 404 VOICE_DISABLED', async () => {
    const credentials = await off.app.inject({
      method: 'GET',
      url: '/api/voice/credentials',
      headers: off.bearer(off.employee.token),
    });
    expect(credentials.statusCode).toBe(404);
    expect(credentials.json().code).toBe('VOICE_DISABLED');
    expect((await postEvent(off, {})).json().code).toBe('VOICE_DISABLED');
  });

  it('gives a signed-in user ephemeral credentials Kamailio can check, and no one else', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/voice/credentials',
      headers: ctx.bearer(ctx.employee.token),
    });
    expect(res.statusCode).toBe(200);
    const body = voiceCredentialsSchema.parse(res.json());
    expect(body).toMatchObject({ domain: 'voice.test', wsPath: '/voice/ws' });
    expect(body.username).toMatch(new RegExp(`^\\d+:op-${ctx.employee.id}$`));
    expect(body.password).toBe(ephemeralPassword(VOICE_SECRET, body.username));
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/voice/credentials' })).statusCode,
    ).toBe(401);
  });

  it('lets an operator with a session register; a deleted user cannot register again', async () => {
    expect((await routeQuestion(ctx, `op-${ctx.employee.id}`, 'register')).statusCode).toBe(200);
    const [gone] = await ctx.database.db
      .insert(users)
      .values({
        username: `gone-${kind}`,
        email: 'gone@example.com',
        role: 'EMPLOYEE',
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    await ctx.database.db.delete(users).where(eq(users.id, gone!.id));
    expect((await routeQuestion(ctx, `op-${gone!.id}`, 'register')).statusCode).toBe(403);
    expect((await routeQuestion(ctx, '+390611112222', 'register')).statusCode).toBe(403);
  });

  it('refuses forged events (wrong secret): 401, nothing written', async () => {
    const { sosId } = await openSos();
    const event = {
      event: 'end',
      callId: 'forged-1',
      direction: 'OUT',
      from: `op-${ctx.employee.id}`,
      to: '+390115550101',
      sosId,
      code: 200,
      answeredAt: 1000,
      endedAt: 1030,
    };
    const res = await postEvent(ctx, event, `${VOICE_SECRET}-not`);
    expect(res.statusCode).toBe(401);
    expect((await postEvent(ctx, event, '')).statusCode).toBe(401);
    expect(await calls(sosId)).toEqual([]);
  });

  it('writes an answered outbound call once, with its duration, whatever Kamailio repeats', async () => {
    const { sosId } = await openSos();
    const audits = (await voiceAudits()).length;
    const answer = {
      event: 'answer',
      callId: 'out-1',
      direction: 'OUT',
      from: `op-${ctx.employee.id}`,
      to: '+390115550101',
      sosId,
      operator: `op-${ctx.employee.id}`,
      answeredAt: 1000.25,
    };
    const end = { ...answer, event: 'end', code: 200, endedAt: 1062.5 };
    for (const event of [answer, end, end, answer])
      expect((await postEvent(ctx, event)).statusCode).toBe(204);
    const entries = await calls(sosId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      by: { id: ctx.employee.id, username: 'employee' },
      call: {
        to: 'RESIDENT',
        contactIndex: null,
        name: 'Giuseppina Ferraro',
        phone: '+39 011 555 0101',
        result: 'ANSWERED',
        via: 'VOICE',
        direction: 'OUT',
        durationS: 62,
      },
    });
    const added = (await voiceAudits()).slice(audits);
    expect(added).toHaveLength(1);
    expect(added[0]!.details).toEqual({ sosId, direction: 'OUT', to: 'RESIDENT' });
    expect(JSON.stringify([added[0]!.targetLabel, added[0]!.details])).not.toMatch(
      /555 0101|5550101/,
    );
  });

  it.each([
    [486, 'BUSY'],
    [404, 'WRONG_NUMBER'],
    [408, 'NO_ANSWER'],
  ] as const)('records a contact that answers %i as %s', async (code, result) => {
    const { sosId } = await openSos();
    const end = {
      event: 'end',
      callId: `out-${code}-${n}`,
      direction: 'OUT',
      from: `op-${ctx.employee.id}`,
      to: '+393331234567',
      sosId,
      operator: `op-${ctx.employee.id}`,
      code,
      endedAt: 2000,
    };
    expect((await postEvent(ctx, end)).statusCode).toBe(204);
    expect((await calls(sosId))[0]!.call).toMatchObject({
      to: 'CONTACT',
      contactIndex: 0,
      result,
      durationS: null,
      direction: 'OUT',
    });
  });

  it('asks who calls sos@: the SCAIP unit of an open SOS first, then a phone of a profile, else the number', async () => {
    const unit = await deviceWithOpenSos(ctx, 'SCAIP-4711', 'Casa Rossi');
    const phone = await openSos();
    const byUnit = await routeQuestion(ctx, '4711', 'sos');
    expect(byUnit.json()).toEqual({
      deviceId: unit.deviceId,
      deviceName: 'Casa%20Rossi',
      sosId: unit.sosId,
      caller: '4711',
      unit: true,
      target: null,
    });
    const byPhone = (await routeQuestion(ctx, '+393331234567', 'sos')).json();
    expect(byPhone.caller).toBe('+393331234567');
    // Every device of this suite has that contact: the newest open SOS wins.
    expect(byPhone).toMatchObject({ deviceId: phone.deviceId, sosId: phone.sosId, unit: false });
    expect((await routeQuestion(ctx, '+390000000000', 'sos')).json()).toEqual({
      deviceId: null,
      deviceName: null,
      sosId: null,
      caller: '+390000000000',
      unit: null,
      target: null,
    });
    expect(
      (await routeQuestion(ctx, '4711', 'sos', 'wrong-secret-wrong-secret-wrong-secret'))
        .statusCode,
    ).toBe(401);
  });

  it('records an answered inbound call from the unit as IN, DEVICE, by the operator who answered', async () => {
    const unit = await deviceWithOpenSos(ctx, 'SCAIP-4712', 'Casa Bianchi');
    const end = {
      event: 'end',
      callId: 'in-1',
      direction: 'IN',
      from: '4712',
      to: 'sos',
      sosId: unit.sosId,
      operator: `op-${ctx.admin.id}`,
      code: 200,
      answeredAt: 50,
      endedAt: 95.4,
    };
    expect((await postEvent(ctx, end)).statusCode).toBe(204);
    const [entry] = await calls(unit.sosId);
    expect(entry).toMatchObject({
      by: { id: ctx.admin.id },
      call: {
        to: 'DEVICE',
        name: 'Casa Bianchi',
        phone: '4712',
        result: 'ANSWERED',
        via: 'VOICE',
        direction: 'IN',
        durationS: 45,
      },
    });
  });

  it("answers callback-<sosId> with the unit's crd while the SOS is open", async () => {
    const { sosId } = await openSos();
    expect(
      (await routeQuestion(ctx, `op-${ctx.employee.id}`, `callback-${sosId}`)).statusCode,
    ).toBe(404);
    await ctx.database.db
      .update(sos)
      .set({ callBackUri: 'sip:4713@10.0.0.9:5060' })
      .where(eq(sos.id, sosId));
    expect(
      (await routeQuestion(ctx, `op-${ctx.employee.id}`, `callback-${sosId}`)).json().target,
    ).toBe('sip:4713@10.0.0.9:5060');
  });
});

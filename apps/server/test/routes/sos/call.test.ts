import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  sosConflictErrorSchema,
  sosNoteEventSchema,
  sosTimelineEntrySchema,
  sosTimelineSchema,
} from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { closeSos, deviceWithOpenSos, eventsAfter, lastEventId } from '../device/fixtures.js';
import { PROFILE, REFUSED_CALLS } from './call-fixtures.js';
import { addNote, closeWith, logCall, putProfile, timelineOf } from './handling-fixtures.js';

describeOnOneDb('POST /api/sos/call', (kind) => {
  let ctx: TestContext;
  let serials = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  /** A device with PROFILE (or `profile`) and an open SOS. */
  const openSos = async (profile: unknown = PROFILE) => {
    const made = await deviceWithOpenSos(ctx, `call-${++serials}`);
    if (profile !== null)
      expect((await putProfile(ctx, made.deviceId, profile)).statusCode).toBe(200);
    return made;
  };

  it('records a call to the resident: 201 with the CALL entry, announced as sos-note {sosId, entry}', async () => {
    const { sosId } = await openSos();
    const before = await lastEventId(ctx);
    const res = await logCall(ctx, sosId, ctx.employee.token, {
      to: 'RESIDENT',
      result: 'NO_ANSWER',
    });
    expect(res.statusCode).toBe(201);
    const entry = sosTimelineEntrySchema.parse(res.json());
    expect(entry).toEqual({
      at: expect.any(String),
      type: 'CALL',
      by: { id: ctx.employee.id, username: 'employee' },
      text: null,
      call: {
        to: 'RESIDENT',
        contactIndex: null,
        name: 'Giuseppina Ferraro',
        phone: '+39 011 555 0101',
        result: 'NO_ANSWER',
        via: 'MANUAL',
        direction: 'OUT',
        durationS: null,
      },
    });
    const events = await eventsAfter(ctx, before);
    expect(events).toEqual([{ type: 'sos-note', data: { sosId, entry } }]);
    sosNoteEventSchema.parse(events[0]!.data);
  });

  it('records a call to a contact by its index, with its note as the text', async () => {
    const { sosId } = await openSos();
    const res = await logCall(ctx, sosId, ctx.admin.token, {
      to: 'CONTACT',
      contactIndex: 1,
      result: 'ANSWERED',
      note: 'Arriva tra 10 minuti',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'CALL',
      by: { username: 'admin' },
      text: 'Arriva tra 10 minuti',
      call: {
        to: 'CONTACT',
        contactIndex: 1,
        name: 'Anna Russo',
        phone: '011 555 0199',
        result: 'ANSWERED',
        via: 'MANUAL',
        direction: 'OUT',
        durationS: null,
      },
    });
  });

  it('takes every result, and a note of 500 characters', async () => {
    const { sosId } = await openSos();
    for (const result of ['ANSWERED', 'NO_ANSWER', 'BUSY', 'WRONG_NUMBER', 'VOICEMAIL']) {
      const res = await logCall(ctx, sosId, ctx.employee.token, {
        to: 'CONTACT',
        contactIndex: 0,
        result,
      });
      expect(res.statusCode, result).toBe(201);
      expect(res.json().call.result).toBe(result);
    }
    const long = 'è'.repeat(500);
    const res = await logCall(ctx, sosId, ctx.employee.token, {
      to: 'RESIDENT',
      result: 'BUSY',
      note: long,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().text).toBe(long);
  });

  it.each(REFUSED_CALLS)(
    'refuses %s with 400 naming the field, writing nothing',
    async (_name, payload, field) => {
      const { sosId } = await openSos();
      const before = await lastEventId(ctx);
      const res = await logCall(ctx, sosId, ctx.employee.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining(`${field}:`),
      });
      expect(await eventsAfter(ctx, before)).toEqual([]);
      expect(
        sosTimelineSchema.parse((await timelineOf(ctx, sosId)).json()).map((e) => e.type),
      ).toEqual(['RAISED']);
    },
  );

  it('refuses a call to a resident with no phone (400 naming body.to), and any call without a profile', async () => {
    const { sosId } = await openSos({ residentName: 'Senza Telefono', contacts: PROFILE.contacts });
    const before = await lastEventId(ctx);
    const res = await logCall(ctx, sosId, ctx.employee.token, {
      to: 'RESIDENT',
      result: 'ANSWERED',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.to: /);
    // The contacts of that profile can still be called.
    expect(
      (
        await logCall(ctx, sosId, ctx.employee.token, {
          to: 'CONTACT',
          contactIndex: 0,
          result: 'BUSY',
        })
      ).statusCode,
    ).toBe(201);

    expect((await eventsAfter(ctx, before)).map((e) => e.type)).toEqual(['sos-note']);

    const bare = await openSos(null);
    const afterBare = await lastEventId(ctx);
    const resident = await logCall(ctx, bare.sosId, ctx.employee.token, {
      to: 'RESIDENT',
      result: 'ANSWERED',
    });
    expect([resident.statusCode, resident.json().message]).toEqual([
      400,
      expect.stringMatching(/^body\.to: /),
    ]);
    const contact = await logCall(ctx, bare.sosId, ctx.employee.token, {
      to: 'CONTACT',
      contactIndex: 0,
      result: 'ANSWERED',
    });
    expect([contact.statusCode, contact.json().message]).toEqual([
      400,
      expect.stringMatching(/^body\.contactIndex: /),
    ]);
    expect(await eventsAfter(ctx, afterBare)).toEqual([]);
  });

  it('refuses a call on a closed SOS 409 SOS_NOT_OPEN carrying it, and on an unknown one 404', async () => {
    const { sosId } = await openSos();
    await closeSos(ctx, sosId, ctx.admin.token);
    const before = await lastEventId(ctx);
    const res = await logCall(ctx, sosId, ctx.employee.token, {
      to: 'RESIDENT',
      result: 'ANSWERED',
    });
    expect(res.statusCode).toBe(409);
    expect(sosConflictErrorSchema.parse(res.json())).toMatchObject({
      code: 'SOS_NOT_OPEN',
      sos: { id: sosId, state: 'CLOSED', closedBy: { username: 'admin' } },
    });
    const unknown = await logCall(ctx, 987_654, ctx.employee.token, {
      to: 'RESIDENT',
      result: 'ANSWERED',
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it('never lands a call after the close: a call racing a close is before it, or refused 409', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { sosId } = await openSos();
      const [call] = await Promise.all([
        logCall(ctx, sosId, ctx.employee.token, { to: 'RESIDENT', result: 'ANSWERED' }),
        closeSos(ctx, sosId, ctx.admin.token),
      ]);
      const types = sosTimelineSchema
        .parse((await timelineOf(ctx, sosId)).json())
        .map((e) => e.type);
      if (call.statusCode === 201) expect(types).toEqual(['RAISED', 'CALL', 'CLOSED']);
      else expect([call.statusCode, types]).toEqual([409, ['RAISED', 'CLOSED']]);
    }
  });

  it('is open to both roles, and to no one signed out', async () => {
    const { sosId } = await openSos();
    const payload = { to: 'RESIDENT', result: 'VOICEMAIL' };
    expect((await logCall(ctx, sosId, ctx.employee.token, payload)).statusCode).toBe(201);
    expect((await logCall(ctx, sosId, ctx.admin.token, payload)).statusCode).toBe(201);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/sos/call?sosId=${sosId}`,
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await logCall(ctx, sosId, 'not-a-token', payload)).statusCode).toBe(401);
  });

  it('keeps name and phone as they were when the profile changes later', async () => {
    const { sosId, deviceId } = await openSos();
    await logCall(ctx, sosId, ctx.employee.token, { to: 'RESIDENT', result: 'NO_ANSWER' });
    await logCall(ctx, sosId, ctx.employee.token, {
      to: 'CONTACT',
      contactIndex: 0,
      result: 'ANSWERED',
    });
    await putProfile(ctx, deviceId, {
      residentName: 'Giuseppina Ferraro Russo',
      phone: '+39 011 999 0000',
      contacts: [{ name: 'Paolo Verdi', phone: '+39 347 000 1111', relation: 'nipote' }],
    });
    await logCall(ctx, sosId, ctx.employee.token, {
      to: 'CONTACT',
      contactIndex: 0,
      result: 'BUSY',
    });
    const calls = sosTimelineSchema
      .parse((await timelineOf(ctx, sosId)).json())
      .filter((e) => e.type === 'CALL')
      .map((e) => e.call);
    expect(calls).toEqual([
      {
        to: 'RESIDENT',
        contactIndex: null,
        name: 'Giuseppina Ferraro',
        phone: '+39 011 555 0101',
        result: 'NO_ANSWER',
        via: 'MANUAL',
        direction: 'OUT',
        durationS: null,
      },
      {
        to: 'CONTACT',
        contactIndex: 0,
        name: 'Marco Ferraro',
        phone: '+39 333 123 4567',
        result: 'ANSWERED',
        via: 'MANUAL',
        direction: 'OUT',
        durationS: null,
      },
      {
        to: 'CONTACT',
        contactIndex: 0,
        name: 'Paolo Verdi',
        phone: '+39 347 000 1111',
        result: 'BUSY',
        via: 'MANUAL',
        direction: 'OUT',
        durationS: null,
      },
    ]);
  });

  it('lists calls in the timeline among the other steps; only CALL entries carry `call`', async () => {
    const { sosId } = await openSos();
    await logCall(ctx, sosId, ctx.employee.token, { to: 'RESIDENT', result: 'NO_ANSWER' });
    await addNote(ctx, sosId, ctx.employee.token, { text: 'Provo il figlio' });
    await logCall(ctx, sosId, ctx.employee.token, {
      to: 'CONTACT',
      contactIndex: 0,
      result: 'ANSWERED',
      note: 'Va lui',
    });
    await closeWith(ctx, sosId, ctx.employee.token, { outcome: 'RESOLVED_BY_PHONE' });
    const timeline = (await timelineOf(ctx, sosId)).json() as Record<string, unknown>[];
    expect(timeline.map((e) => [e.type, e.text, 'call' in e])).toEqual([
      ['RAISED', null, false],
      ['CALL', null, true],
      ['NOTE', 'Provo il figlio', false],
      ['CALL', 'Va lui', true],
      ['CLOSED', 'RESOLVED_BY_PHONE', false],
    ]);
  });
});

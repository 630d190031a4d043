import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  sosConflictErrorSchema,
  sosNoteEventSchema,
  sosTimelineEntrySchema,
  sosTimelineSchema,
} from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { closeSos, deviceWithOpenSos, eventsAfter, lastEventId } from '../device/fixtures.js';
import { ackSos, addNote, closeWith, timelineOf } from './handling-fixtures.js';

describeOnOneDb('POST /api/sos/note and GET /api/sos/timeline', (kind) => {
  let ctx: TestContext;
  let serials = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it('adds a note: 201 with the entry, announced as sos-note {sosId, entry}', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'note-1');
    const before = await lastEventId(ctx);
    const res = await addNote(ctx, sosId, ctx.employee.token, {
      text: 'Chiamata la figlia, arriva.',
    });
    expect(res.statusCode).toBe(201);
    const entry = sosTimelineEntrySchema.parse(res.json());
    expect(entry).toMatchObject({
      type: 'NOTE',
      by: { id: ctx.employee.id, username: 'employee' },
      text: 'Chiamata la figlia, arriva.',
    });
    const events = await eventsAfter(ctx, before);
    expect(events).toEqual([{ type: 'sos-note', data: { sosId, entry } }]);
    sosNoteEventSchema.parse(events[0]!.data);
  });

  it('takes a note of 1 and of 2,000 characters from either role', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'note-sizes');
    expect((await addNote(ctx, sosId, ctx.admin.token, { text: 'x' })).statusCode).toBe(201);
    const long = 'é'.repeat(2000);
    const res = await addNote(ctx, sosId, ctx.employee.token, { text: long });
    expect(res.statusCode).toBe(201);
    expect(res.json().text).toBe(long);
  });

  it.each([
    ['an empty text', { text: '' }],
    ['2,001 characters', { text: 'x'.repeat(2001) }],
    ['no text', {}],
    ['a number', { text: 5 }],
    ['no body', undefined],
  ])('refuses %s with 400 naming body.text (or body), writing nothing', async (_name, payload) => {
    const { sosId } = await deviceWithOpenSos(ctx, `note-bad-${++serials}`);
    const before = await lastEventId(ctx);
    const res = await addNote(ctx, sosId, ctx.employee.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('body'),
    });
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it('refuses a note on a closed SOS 409 SOS_NOT_OPEN carrying it, and an unknown one 404', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'note-closed');
    await closeSos(ctx, sosId, ctx.admin.token);
    const res = await addNote(ctx, sosId, ctx.employee.token, { text: 'troppo tardi' });
    expect(res.statusCode).toBe(409);
    const body = sosConflictErrorSchema.parse(res.json());
    expect(body).toMatchObject({ code: 'SOS_NOT_OPEN', sos: { id: sosId, state: 'CLOSED' } });
    expect((await addNote(ctx, 987_654, ctx.employee.token, { text: 'x' })).statusCode).toBe(404);
  });

  it('lists every step oldest first, the close last with outcome and note', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'timeline-1');
    await ackSos(ctx, sosId, ctx.admin.token);
    await addNote(ctx, sosId, ctx.admin.token, { text: 'prima nota' });
    await ackSos(ctx, sosId, ctx.employee.token, 'true');
    await addNote(ctx, sosId, ctx.employee.token, { text: 'seconda nota' });
    await closeWith(ctx, sosId, ctx.employee.token, {
      outcome: 'FALSE_ALARM',
      note: 'Premuto per sbaglio',
    });
    const res = await timelineOf(ctx, sosId, ctx.admin.token);
    expect(res.statusCode).toBe(200);
    const timeline = sosTimelineSchema.parse(res.json());
    expect(timeline.map((e) => [e.type, e.by?.username ?? null, e.text])).toEqual([
      ['RAISED', null, null],
      ['ACKNOWLEDGED', 'admin', null],
      ['NOTE', 'admin', 'prima nota'],
      ['ACKNOWLEDGED', 'employee', null],
      ['NOTE', 'employee', 'seconda nota'],
      ['CLOSED', 'employee', 'FALSE_ALARM\nPremuto per sbaglio'],
    ]);
    const times = timeline.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it.each([
    [{}, null],
    [{ outcome: 'TEST' }, 'TEST'],
    [{ note: 'solo nota' }, '\nsolo nota'],
  ])('writes the CLOSED text of %j as %j', async (body, text) => {
    const { sosId } = await deviceWithOpenSos(ctx, `timeline-closed-${++serials}`);
    await closeWith(ctx, sosId, ctx.employee.token, body);
    const timeline = sosTimelineSchema.parse((await timelineOf(ctx, sosId)).json());
    expect(timeline.at(-1)).toMatchObject({ type: 'CLOSED', text });
  });

  it('answers 404 for the timeline of an unknown SOS, 400 for a bad id, 401 without a token', async () => {
    expect((await timelineOf(ctx, 987_654)).json()).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    expect((await timelineOf(ctx, 'x')).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/sos/timeline?sosId=1' })).statusCode).toBe(401);
  });
});

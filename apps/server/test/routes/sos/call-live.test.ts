import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { sosNoteEventSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { listen } from '../../live/helpers.js';
import { openSse, type SseStream } from '../../live/sse-client.js';
import { deviceWithOpenSos } from '../device/fixtures.js';
import { logCall, putProfile } from './handling-fixtures.js';

describeOnOneDb('POST /api/sos/call: the call reaches every console live', (kind) => {
  let ctx: TestContext;
  let url: string;
  const open: SseStream[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    url = await listen(ctx.app);
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(async () => ctx.close());

  const connect = async (token: string) => {
    const stream = await openSse(url, ctx.bearer(token));
    open.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitUntil(() => stream.lastEventId !== undefined, 'the resume position');
    return stream;
  };
  const notes = (stream: SseStream) =>
    stream.events
      .filter((e) => e.event === 'sos-note')
      .map((e) => sosNoteEventSchema.parse(JSON.parse(e.data)));

  it('sends sos-note {sosId, entry} to a second console, the entry as the caller was answered', async () => {
    const { sosId, deviceId } = await deviceWithOpenSos(ctx, 'call-live');
    await putProfile(ctx, deviceId, {
      residentName: 'Giuseppina Ferraro',
      phone: '+39 011 555 0101',
      contacts: [{ name: 'Marco Ferraro', phone: '+39 333 123 4567', relation: 'figlio' }],
    });
    const caller = await connect(ctx.employee.token);
    const colleague = await connect(ctx.admin.token);
    const first = await logCall(ctx, sosId, ctx.employee.token, {
      to: 'RESIDENT',
      result: 'NO_ANSWER',
    });
    const second = await logCall(ctx, sosId, ctx.employee.token, {
      to: 'CONTACT',
      contactIndex: 0,
      result: 'ANSWERED',
    });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    for (const stream of [colleague, caller]) {
      await stream.waitUntil(() => notes(stream).length >= 2, 'both calls');
      expect(notes(stream)).toEqual([
        { sosId, entry: first.json() },
        { sosId, entry: second.json() },
      ]);
    }
  });
});

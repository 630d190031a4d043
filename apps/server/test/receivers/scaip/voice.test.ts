import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sos } from '../../../src/db/schema.js';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { deviceBySerial, openSosOf } from '../fixtures.js';
import { udpExchange } from '../peer.js';
import { mrq, readAnswer, sipMessage } from './messages.js';

/** SCAIP with voice on (docs/voice.md): `mre` tells the unit to call in, or the SOS is a call-back. */
describeEachDb('SCAIP receiver with voice on', (kind) => {
  let ctx: TestContext;
  let port = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, undefined, {
      receivers: { host: '127.0.0.1', scaipPort: 0, voice: true },
    });
    port = ctx.app.receivers.port('SCAIP') ?? 0;
  });
  afterAll(() => ctx.close());

  const send = async (fields: Record<string, string>) =>
    readAnswer(await udpExchange(port, sipMessage(mrq(fields))));
  const mre = (text: string) => /<mre>(\d)<\/mre>/.exec(text)?.[1];

  it('answers an alarm of a duplex unit (cha 0 or absent) mre 1: the unit calls in', async () => {
    expect(mre((await send({ ref: 'v-1', cid: 'V1', dty: '0005', stc: '0009' })).text)).toBe('1');
    expect(
      mre((await send({ ref: 'v-2', cid: 'V2', dty: '0005', stc: '0009', cha: '0' })).text),
    ).toBe('1');
    // Not an alarm: nothing to speak about.
    expect(mre((await send({ ref: 'v-3', cid: 'V1', dty: '0005', mty: 'PI' })).text)).toBe('0');
  });

  it('answers a call-back unit (cha 1) mre 0, keeps its crd on the server and marks the SOS callBack', async () => {
    const answer = await send({
      ref: 'cb-1',
      cid: 'CB1',
      dty: '0005',
      stc: '0009',
      cha: '1',
      crd: 'sip:4799@10.0.0.9:5060',
    });
    expect([answer.snu, mre(answer.text)]).toEqual(['0', '0']);
    const device = await deviceBySerial(ctx, 'SCAIP-CB1');
    const open = await openSosOf(ctx, 'SCAIP-CB1');
    const [row] = await ctx.database.db
      .select({ uri: sos.callBackUri })
      .from(sos)
      .where(eq(sos.id, open!.id));
    expect(row!.uri).toBe('sip:4799@10.0.0.9:5060');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/device/getAll',
      headers: ctx.bearer(ctx.employee.token),
    });
    const unit = (
      listed.json() as Array<{ id: number; lastSos: Record<string, unknown> | null }>
    ).find((d) => d.id === device!.id);
    expect(unit!.lastSos).toMatchObject({ callBack: true });
    expect(listed.body).not.toContain('10.0.0.9');
  });

  it('refuses a crd that is not a SIP URI (snu 3)', async () => {
    expect(
      (await send({ ref: 'cb-2', cid: 'CB2', dty: '0005', cha: '1', crd: 'http://x' })).snu,
    ).toBe('3');
  });
});

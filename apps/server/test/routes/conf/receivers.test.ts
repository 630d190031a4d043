import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiversResponseSchema, type ReceiverStatus } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { TcpPeer, udpExchange } from '../../receivers/peer.js';
import { FRAMES, KEY128 } from '../../receivers/dc09/vectors.js';

const TOKEN = 'metrics-scraper-token-0123456789';

async function list(ctx: TestContext, token = ctx.admin.token) {
  return ctx.app.inject({ method: 'GET', url: '/api/conf/receivers', headers: ctx.bearer(token) });
}

describeOnOneDb('GET /api/conf/receivers', (kind) => {
  describe('with no receiver configured', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp(kind);
    });
    afterAll(() => ctx.close());

    it('lists DC-09 and SCAIP on TCP and UDP, all off', async () => {
      const res = await list(ctx);
      expect(res.statusCode).toBe(200);
      const body = receiversResponseSchema.parse(res.json());
      expect(body).toEqual(
        (['DC09', 'SCAIP'] as const).flatMap((protocol) =>
          (['tcp', 'udp'] as const).map((transport) => ({
            protocol,
            transport,
            port: null,
            listening: false,
            encrypted: false,
            frames: 0,
            refused: 0,
            lastFrameAt: null,
          })),
        ),
      );
    });

    it('is for super administrators only', async () => {
      expect((await list(ctx, ctx.employee.token)).statusCode).toBe(403);
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/conf/receivers' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ statusCode: 401 });
    });
  });

  describe('with DC-09 on a port', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp(kind, { SOS_METRICS_TOKEN: TOKEN }, undefined, undefined, {
        receivers: { host: '127.0.0.1', dc09Port: 0, scaipPort: 0 },
      });
    });
    afterAll(() => ctx.close());

    it('shows the port listening on both transports, and counts what arrives', async () => {
      const before = receiversResponseSchema.parse((await list(ctx)).json());
      const port = before[0]!.port!;
      expect(port).toBeGreaterThan(0);
      expect(before.filter((r) => r.protocol === 'DC09')).toMatchObject([
        { transport: 'tcp', port, listening: true, encrypted: false, frames: 0 },
        { transport: 'udp', port, listening: true, encrypted: false, frames: 0 },
      ]);
      // SCAIP listens on a port of its own, on both transports.
      const scaipPort = ctx.app.receivers.port('SCAIP');
      expect(scaipPort).not.toBe(port);
      expect(before.filter((r) => r.protocol === 'SCAIP')).toMatchObject([
        { transport: 'tcp', port: scaipPort, listening: true, frames: 0 },
        { transport: 'udp', port: scaipPort, listening: true, frames: 0 },
      ]);
      const peer = await TcpPeer.open(port);
      await peer.write(Buffer.from(FRAMES.plainBadCrc + FRAMES.plainUnknownToken, 'latin1'));
      await peer.until((s) => s.includes('\r'));
      peer.close();
      expect(
        await udpExchange(port, Buffer.from(FRAMES.plainUnknownToken, 'latin1')),
      ).not.toBeNull();
      const after = receiversResponseSchema.parse((await list(ctx)).json());
      const byTransport = (t: string) =>
        after.find((r: ReceiverStatus) => r.protocol === 'DC09' && r.transport === t)!;
      expect(byTransport('tcp')).toMatchObject({ frames: 2, refused: 2 });
      expect(byTransport('udp')).toMatchObject({ frames: 1, refused: 1 });
      expect(Date.parse(byTransport('tcp').lastFrameAt!)).not.toBeNaN();

      const metrics = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.body).toContain(
        'sos_receiver_frames_total{protocol="DC09",transport="tcp",result="refused"} 2',
      );
      expect(metrics.body).toContain(
        'sos_receiver_frames_total{protocol="DC09",transport="udp",result="refused"} 1',
      );
    });

    it('says when only encrypted frames are taken, and stops listening when the app closes', async () => {
      const port = receiversResponseSchema.parse((await list(ctx)).json())[0]!.port!;
      const other = await createTestApp(kind, {}, undefined, undefined, {
        receivers: { host: '127.0.0.1', dc09Port: 0, dc09Key: KEY128 },
      });
      const otherPort = other.app.receivers.port('DC09')!;
      // With a key only encrypted frames are taken: the settings say so.
      expect(receiversResponseSchema.parse((await list(other)).json())).toMatchObject([
        { protocol: 'DC09', transport: 'tcp', encrypted: true },
        { protocol: 'DC09', transport: 'udp', encrypted: true },
        { protocol: 'SCAIP', encrypted: false },
        { protocol: 'SCAIP', encrypted: false },
      ]);
      await other.close();
      await expect(TcpPeer.open(otherPort)).rejects.toThrow();
      expect(port).not.toBe(otherPort);
    });
  });
});

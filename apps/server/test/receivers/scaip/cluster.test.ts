import { createSocket } from 'node:dgram';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { openPostgres } from '../../../src/db/client.js';
import { createTestApp, DB_KINDS, TEST_ENV, type TestContext } from '../../helpers/app.js';
import { spawnServer, waitForUrl } from '../../helpers/process.js';
import { sosOf } from '../fixtures.js';
import { udpExchange } from '../peer.js';
import { mrq, readAnswer, sipMessage } from './messages.js';

const run = DB_KINDS.includes('postgres') ? describe : describe.skip;

/** SCAIP across processes on one PostgreSQL: repeats have one effect, a crash loses nothing. */
run('SCAIP receivers sharing one PostgreSQL', () => {
  let ctx: TestContext;
  let second: FastifyInstance;
  const ports: number[] = [];
  beforeAll(async () => {
    const receivers = { host: '127.0.0.1', scaipPort: 0 };
    ctx = await createTestApp('postgres', {}, undefined, undefined, { receivers });
    second = await buildApp({
      env: TEST_ENV,
      database: await openPostgres(ctx.databaseUrl!, 5),
      receivers,
    });
    await second.ready();
    ports.push(ctx.app.receivers.port('SCAIP')!, second.receivers.port('SCAIP')!);
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  it('the same alarm (cid and ref) sent to two app instances at once raises one SOS; both answer snu 0', async () => {
    const cids = Array.from({ length: 8 }, (_, i) => `CL${i}`);
    await Promise.all(
      cids.map(async (cid) => {
        const body = mrq({ ref: `both-${cid}`, cid, mty: 'ME', dty: '0005', stc: '0009' });
        // One datagram each, answered once committed: a loaded machine (CI runs the suites side by
        // side) can take longer than udpExchange's default 2 s to commit 16 alarms on two processes.
        const answers = await Promise.all(
          ports.map((port) => udpExchange(port, sipMessage(body), 10_000)),
        );
        expect(answers.map((a) => readAnswer(a).snu)).toEqual(['0', '0']);
      }),
    );
    for (const cid of cids) {
      const all = await sosOf(ctx, `SCAIP-${cid}`);
      expect(all).toHaveLength(1);
      expect(all[0]?.timeline.filter((e) => e.type === 'DEVICE_EVENT')).toEqual([]);
    }
  });

  it('kill -9 before the commit: no 200 is sent; the unit retrying later raises exactly one SOS', async () => {
    const server = spawnServer({
      DATABASE_URL: ctx.databaseUrl!,
      SOS_SCAIP_PORT: '0',
      SOS_JWT_SECRET: TEST_ENV.SOS_JWT_SECRET ?? '',
    });
    const locker = new pg.Client({ connectionString: ctx.databaseUrl! });
    try {
      await waitForUrl(server);
      const port = Number(
        /SCAIP receiver: SIP over TCP and UDP port (\d+)/.exec(server.output())?.[1],
      );
      await locker.connect();
      // The process answers before the crash test (and so has its receiver and pool warm).
      expect(
        readAnswer(await udpExchange(port, sipMessage('', { method: 'OPTIONS' }))).status,
      ).toBe('SIP/2.0 200 OK');
      expect(
        readAnswer(
          await udpExchange(
            port,
            sipMessage(mrq({ ref: 'warm', cid: 'K0', mty: 'PI', dty: '0001' })),
          ),
        ).snu,
      ).toBe('0');
      // Holds every message's first write (its repeat key) so the crash comes before any commit.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE device_repeats IN ACCESS EXCLUSIVE MODE');
      const unit = createSocket('udp4');
      const heard: Buffer[] = [];
      unit.on('message', (m) => heard.push(m));
      await new Promise<void>((resolve) => unit.bind(0, '127.0.0.1', () => resolve()));
      const body = mrq({ ref: 'crash-1', cid: 'K1', mty: 'ME', dty: '0005', stc: '0009' });
      unit.send(sipMessage(body, { branch: 'z9hG4bK-crash' }), port, '127.0.0.1');
      // Waits until the server's transaction is blocked on our lock: it has the message.
      for (;;) {
        const blocked = await locker.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))',
        );
        if ((blocked.rows[0] as { n: number }).n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      server.child.kill('SIGKILL');
      await server.exited;
      await locker.query('ROLLBACK');
      unit.close();
      expect(heard).toEqual([]);
      expect(await sosOf(ctx, 'SCAIP-K1')).toEqual([]);
      // The unit gives up on that transaction and sends the alarm again: another process takes it.
      const retry = readAnswer(await udpExchange(ports[0]!, sipMessage(body)));
      expect(retry.snu).toBe('0');
      const again = readAnswer(await udpExchange(ports[1]!, sipMessage(body)));
      expect(again.snu).toBe('0');
      expect(await sosOf(ctx, 'SCAIP-K1')).toHaveLength(1);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await locker.end().catch(() => undefined);
    }
  });
});

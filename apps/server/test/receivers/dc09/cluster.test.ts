import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dc09Frame } from '@sos/simulator';
import { buildApp } from '../../../src/app.js';
import { openPostgres } from '../../../src/db/client.js';
import { createTestApp, DB_KINDS, TEST_ENV, type TestContext } from '../../helpers/app.js';
import { spawnServer, type ServerProcess } from '../../helpers/process.js';
import { deviceBySerial, sosOf } from '../fixtures.js';
import { TcpPeer } from '../peer.js';
import { exchange } from './net.js';

const run = DB_KINDS.includes('postgres') ? describe : describe.skip;

/** Waits for the start banner's DC-09 line; returns the receiver's port. */
async function dc09PortOf(server: ServerProcess): Promise<number> {
  for (;;) {
    const match = /SIA DC-09 receiver: TCP and UDP port (\d+)/.exec(server.output());
    if (match) return Number(match[1]);
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(r, 50, 'wait'))]);
    if (code !== 'wait') throw new Error(`server exited (${String(code)}):\n${server.output()}`);
  }
}

run('DC-09 across server processes on one PostgreSQL', () => {
  let ctx: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    const receivers = { host: '127.0.0.1', dc09Port: 0 };
    ctx = await createTestApp('postgres', {}, undefined, undefined, { receivers });
    second = await buildApp({
      env: TEST_ENV,
      database: await openPostgres(ctx.databaseUrl!, 5),
      receivers,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  it('a frame repeated to two app instances raises one SOS and both ACK it', async () => {
    const accounts = Array.from({ length: 10 }, (_, i) => `D${String(i).padStart(3, '0')}`);
    const a = await TcpPeer.open(ctx.app.receivers.port('DC09')!);
    const b = await TcpPeer.open(second.receivers.port('DC09')!);
    for (const account of accounts) {
      const frame = dc09Frame({ token: 'ADM-CID', seq: 1, account, data: '1110 01 001' });
      const answers = await Promise.all([exchange(a, frame), exchange(b, frame)]);
      expect(answers.map(([ack]) => ack!.slice(0, 9))).toEqual(['"ACK"0001', '"ACK"0001']);
    }
    a.close();
    b.close();
    for (const account of accounts) {
      const sos = await sosOf(ctx, `DC09-0-${account}`);
      expect(sos.map((s) => s.timeline.map((e) => e.type))).toEqual([['RAISED']]);
    }
  });

  it('kill -9 between receipt and commit: no ACK, nothing stored; the retry raises exactly one SOS', async () => {
    const account = 'DEAD1';
    const serial = `DC09-0-${account}`;
    const frame = dc09Frame({ token: 'ADM-CID', seq: 1, account, data: '1110 01 001' });
    const env = {
      DATABASE_URL: ctx.databaseUrl!,
      SOS_DC09_PORT: '0',
      SOS_ADMIN_PASSWORD: 'admin-password-1',
    };
    // Hold the frame's repeat key in an open transaction: the server's commit waits on it.
    const blocker = new pg.Client({ connectionString: ctx.databaseUrl! });
    await blocker.connect();
    const watcher = new pg.Client({ connectionString: ctx.databaseUrl! });
    await watcher.connect();
    await blocker.query('BEGIN');
    await blocker.query('INSERT INTO device_repeats (serial, repeat_key) VALUES ($1, $2)', [
      serial,
      'ADM-CID/0001/1110 01 001',
    ]);
    const first = spawnServer(env);
    try {
      const peer = await TcpPeer.open(await dc09PortOf(first));
      await peer.write(frame);
      // Received and parsed: the server's transaction now waits on the held key. (Watched from
      // another connection: inside a transaction pg_stat_activity is a frozen snapshot.)
      for (;;) {
        const { rows } = await watcher.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%device_repeats%'",
        );
        if (Number(rows[0]!.n) > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      first.child.kill('SIGKILL');
      await first.exited;
      await peer.untilClosed();
      expect(peer.received.length).toBe(0);
    } finally {
      first.child.kill('SIGKILL');
      await blocker.query('ROLLBACK');
      await blocker.end();
      await watcher.end();
    }
    expect(await deviceBySerial(ctx, serial)).toBeUndefined();

    // The device retries the same frame (same seq), here to a restarted server.
    const again = spawnServer(env);
    try {
      const peer = await TcpPeer.open(await dc09PortOf(again));
      expect((await exchange(peer, frame))[0]).toMatch(/^"ACK"0001L0#DEAD1\[\]/);
      expect((await exchange(peer, frame))[0]).toMatch(/^"ACK"0001L0#DEAD1\[\]/);
      peer.close();
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
    const sos = await sosOf(ctx, serial);
    expect(sos.map((s) => s.timeline.map((e) => e.type))).toEqual([['RAISED']]);
  }, 120_000);
});

import { asc, inArray } from 'drizzle-orm';
import { API_KEY_HEADER, apiPath } from '@sos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { openPostgres, type Database } from '../../../src/db/client.js';
import { events } from '../../../src/db/schema.js';
import { setSetting, SETTING_KEYS } from '../../../src/db/settings.js';
import { DB_KINDS, openTestDatabase, TEST_ENV } from '../../helpers/app.js';
import { spawnServer, waitForUrl, type ServerProcess } from '../../helpers/process.js';
import { setOfflineAfter } from './fixtures.js';

// Several server processes share one PostgreSQL; the embedded database has one process.
const run = DB_KINDS.includes('postgres') ? describe : describe.skip;
const API_KEY = 'cluster-device-key';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * offlineAfterSeconds = 10, in real time: every process sweeps on its own timer, yet each
 * transition yields one event, also across a restart during an offline period and for a
 * deadline that passed while no process ran.
 */
run('device health across server processes [postgres]', () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    ({ database, drop } = opened);
    url = opened.url!;
    await setSetting(database.db, SETTING_KEYS.apiKey, API_KEY);
    await setOfflineAfter(database.db, 10);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** A device's call to a server at base URL. */
  const call = async (base: string, path: 'deviceRegister' | 'deviceHeartbeat', body: object) => {
    const res = await fetch(base + apiPath(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: API_KEY },
      body: JSON.stringify(body),
    });
    expect(res.status).toBeLessThan(300);
  };
  /** The health events written so far, as "type id". */
  const healthEvents = async () => {
    const rows = await database.db
      .select()
      .from(events)
      .where(inArray(events.type, ['device-offline', 'device-online']))
      .orderBy(asc(events.id));
    return rows.map((r) => `${r.type} ${(JSON.parse(r.data) as { serial: string }).serial}`);
  };
  const waitFor = async (expected: string[], timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until && (await healthEvents()).length < expected.length) await sleep(200);
    // A second process sweeping late would add a duplicate now: give it time to show.
    await sleep(1500);
    expect(await healthEvents()).toEqual(expected);
  };

  it('online → offline → online, each once, with two processes and across a restart', async () => {
    // Two servers, each with its own pool and its own sweep timer.
    const [a, b] = await Promise.all(
      [0, 1].map(async () => {
        const app = await buildApp({ env: TEST_ENV, database: await openPostgres(url, 3) });
        return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
      }),
    );
    await call(a!.base, 'deviceRegister', { serial: 'c-1', displayName: 'Uno' });
    await call(b!.base, 'deviceRegister', { serial: 'c-2', displayName: 'Due' });
    await call(a!.base, 'deviceHeartbeat', { serial: 'c-1', battery: 50 });
    await call(b!.base, 'deviceHeartbeat', { serial: 'c-2' });
    await waitFor(['device-offline c-1', 'device-offline c-2'], 20_000);

    // Heard again through both servers at once: one device-online.
    await Promise.all([a, b].map((s) => call(s!.base, 'deviceHeartbeat', { serial: 'c-1' })));
    await waitFor(['device-offline c-1', 'device-offline c-2', 'device-online c-1'], 2000);

    // Restart during c-2's offline period; c-1's deadline passes while no server runs.
    await Promise.all([a!.app.close(), b!.app.close()]);
    await sleep(11_000);
    const servers: ServerProcess[] = [0, 1].map(() =>
      spawnServer({ DATABASE_URL: url, SOS_JWT_SECRET: TEST_ENV.SOS_JWT_SECRET! }),
    );
    try {
      const bases = await Promise.all(servers.map(waitForUrl));
      await waitFor(
        ['device-offline c-1', 'device-offline c-2', 'device-online c-1', 'device-offline c-1'],
        5000,
      );
      await Promise.all(bases.map((base) => call(base, 'deviceHeartbeat', { serial: 'c-2' })));
      await waitFor(
        [
          'device-offline c-1',
          'device-offline c-2',
          'device-online c-1',
          'device-offline c-1',
          'device-online c-2',
        ],
        2000,
      );
    } finally {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
    }
  }, 90_000);
});

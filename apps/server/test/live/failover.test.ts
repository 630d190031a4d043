import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_KEY_HEADER, apiPath, authResponseSchema, sosSchema } from '@sos/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import { openPostgres, type Database } from '../../src/db/client.js';
import { events } from '../../src/db/schema.js';
import { DB_KINDS, TEST_ENV } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { spawnServer, waitForUrl, type ServerProcess } from '../helpers/process.js';
import { openSse, type SseStream } from './sse-client.js';
import { toolVar } from '../../../../scripts/lib/env.mjs';

const run = DB_KINDS.includes('postgres') ? describe : describe.skip;
const KEY = 'failover-device-key';
const PASSWORD = 'failover-admin-password';

/** A dashboard: its events across every connection it makes, resuming with Last-Event-ID. */
class Dashboard {
  stream!: SseStream;
  /** new-sos ids received on the connections before the current one. */
  private previous: number[] = [];
  constructor(private readonly token: string) {}

  async connect(base: string, lastEventId?: string) {
    this.stream = await openSse(base + apiPath('sosRealTime'), {
      authorization: `Bearer ${this.token}`,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    });
    expect(this.stream.status).toBe(200);
    const stream = this.stream;
    await stream.waitUntil(() => stream.lastEventId !== undefined, 'the resume position', 15_000);
  }

  /** Events seen so far on every connection (new-sos only). */
  collect() {
    return [
      ...this.previous,
      ...this.stream.events.filter((e) => e.event === 'new-sos').map((e) => Number(e.id)),
    ];
  }

  /** The connection broke: move to `base`, from the last id this one had. */
  async failOver(base: string) {
    this.previous = this.collect();
    await this.connect(base, this.stream.lastEventId);
  }
}

run('failover between two server processes on one PostgreSQL [postgres]', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let servers: ServerProcess[] = [];
  let urls: string[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase(
      toolVar('TEST_DATABASE_URL')!,
      inject('postgresTemplate'),
    );
    drop = created.drop;
    const env = {
      DATABASE_URL: created.url,
      SOS_JWT_SECRET: TEST_ENV.SOS_JWT_SECRET!,
      SOS_ADMIN_USERNAME: 'admin',
      SOS_ADMIN_PASSWORD: PASSWORD,
      SOS_DEVICE_API_KEY: KEY,
    };
    servers = [spawnServer(env), spawnServer(env)];
    urls = await Promise.all(servers.map((s) => waitForUrl(s)));
    database = await openPostgres(created.url, 2);
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await database?.close();
    await drop?.();
  });

  const device = (base: string, name: 'deviceRegister' | 'deviceSos', serial: string) =>
    fetch(base + apiPath(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: KEY },
      body: JSON.stringify(
        name === 'deviceRegister' ? { serial, displayName: serial } : { serial },
      ),
    });

  it('kill -9 one while its dashboards are connected: they resume on the other, nothing lost or repeated', async () => {
    const [a, b] = urls as [string, string];
    const login = await fetch(a + apiPath('login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const { access_token } = authResponseSchema.parse(await login.json());
    const serials = Array.from({ length: 30 }, (_, i) => `FO-${i}`);
    for (const serial of serials)
      expect((await device(b, 'deviceRegister', serial)).status).toBe(201);
    const dashboards = Array.from({ length: 5 }, () => new Dashboard(access_token));
    await Promise.all(dashboards.map((d) => d.connect(a)));
    const firstId = Number(dashboards[0]!.stream.lastEventId);

    // SOS keep coming (through both processes) while A dies.
    const raised: number[] = [];
    const raise = async (base: string, serial: string) => {
      const res = await device(base, 'deviceSos', serial);
      if (res.status === 201) raised.push(sosSchema.parse(await res.json()).id);
    };
    for (const serial of serials.slice(0, 10)) await raise(a, serial);
    servers[0]!.child.kill('SIGKILL');
    for (const serial of serials.slice(10, 20)) await raise(b, serial);
    await Promise.all(
      dashboards.map(async (d) => {
        await d.stream.waitForEnd(10_000);
        await d.failOver(b);
      }),
    );
    for (const serial of serials.slice(20)) await raise(b, serial);
    expect(raised).toHaveLength(30);

    const stored = await database.db
      .select({ id: events.id })
      .from(events)
      .where(and(gt(events.id, firstId), eq(events.type, 'new-sos')))
      .orderBy(asc(events.id));
    const expected = stored.map((row) => row.id);
    expect(expected).toHaveLength(30);
    for (const dashboard of dashboards) {
      await dashboard.stream.waitUntil(() => dashboard.collect().length >= 30, 'every SOS', 15_000);
      expect(dashboard.collect()).toEqual(expected);
    }
  }, 120_000);
});

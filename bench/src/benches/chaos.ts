import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Agent, request } from 'undici';
import { API_KEY_HEADER, apiPath, IDEMPOTENCY_KEY_HEADER } from '@sos/contract';
import { login, registerDevices, serialOf } from '../lib/api.js';
import type { Bench } from '../lib/bench.js';
import { sleep } from '../lib/clock.js';
import { createBenchDatabase } from '../lib/pg.js';
import { printTable } from '../lib/report.js';
import { ResilientDashboard } from '../lib/resilient-sse.js';
import { API_KEY, startServer, type RunningServer } from '../lib/server.js';
import { pick } from '../lib/size.js';

interface ChaosOptions {
  /** Operations a second: raises (device API) and closes (PATCH /api/sos/close). */
  rate: number;
  kills: number;
  /** How long the server runs between two kills, ms (random in this range). */
  upMs: [number, number];
  devices: number;
}

interface Tally {
  sent: number;
  /** Ids of the SOS a 2xx answered with. */
  acknowledged: Set<number>;
}

const newTally = (): Tally => ({ sent: 0, acknowledged: new Set() });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One HTTP call that never throws: status 0 when the server is down or the call died. */
async function attempt(
  agent: Agent,
  method: 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  try {
    const res = await request(url, {
      method,
      dispatcher: agent,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    const text = await res.body.text();
    return { status: res.statusCode, id: (JSON.parse(text || '{}') as { id?: number }).id };
  } catch {
    return { status: 0, id: undefined };
  }
}

/** The SOS the server stores: open ones (device list) and closed ones (history). */
async function stored(base: string, token: string) {
  const get = async (name: 'deviceGetAll' | 'sosGetAll') => {
    const res = await request(base + apiPath(name), {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.body.json()) as unknown[];
  };
  const devices = (await get('deviceGetAll')) as { lastSos: { id: number } | null }[];
  const history = (await get('sosGetAll')) as { id: number }[];
  const closed = new Set(history.map((s) => s.id));
  const all = new Set([...closed, ...devices.flatMap((d) => (d.lastSos ? [d.lastSos.id] : []))]);
  return { all, closed };
}

async function runChaos(kind: 'embedded' | 'postgres', options: ChaosOptions) {
  const database = kind === 'postgres' ? await createBenchDatabase('chaos') : undefined;
  if (database && 'skipped' in database) return { kind, skipped: database.skipped };
  const port = await freePort();
  const start = (dataDir?: string) =>
    startServer({ databaseUrl: database?.url, port, ...(dataDir ? { dataDir } : {}) });
  let server: RunningServer = await start();
  const dataDir = server.dataDir;
  const agent = new Agent({ connections: 64, keepAliveTimeout: 5_000 });
  let dashboard: ResilientDashboard | undefined;
  try {
    await registerDevices(server.url, options.devices);
    const token = await login(server.url);
    // The port stays the same across restarts: the dashboard reconnects to the same URL.
    const watcher = new ResilientDashboard(server.url + apiPath('sosRealTime'), token);
    dashboard = watcher;
    watcher.start();
    const raises = newTally();
    const closes = newTally();
    const open = new Map<number, number>();
    let running = true;
    const inFlight = new Set<Promise<void>>();
    const operate = async () => {
      const device = 1 + Math.floor(Math.random() * options.devices);
      const sosId = open.get(device);
      if (sosId === undefined) {
        raises.sent++;
        const res = await attempt(
          agent,
          'POST',
          server.url + apiPath('deviceSos'),
          {
            [API_KEY_HEADER]: API_KEY,
            [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
          },
          { serial: serialOf(device) },
        );
        if ((res.status === 200 || res.status === 201) && res.id !== undefined) {
          raises.acknowledged.add(res.id);
          open.set(device, res.id);
        }
      } else {
        closes.sent++;
        const res = await attempt(
          agent,
          'PATCH',
          `${server.url}${apiPath('sosClose')}?sosId=${sosId}`,
          {
            authorization: `Bearer ${token}`,
          },
        );
        if (res.status === 200) {
          closes.acknowledged.add(sosId);
          open.delete(device);
        }
      }
    };
    const ticker = setInterval(() => {
      if (!running) return;
      const op = operate().finally(() => inFlight.delete(op));
      inFlight.add(op);
    }, 1000 / options.rate);

    let restartMs = 0;
    for (let k = 0; k < options.kills; k++) {
      await sleep(options.upMs[0] + Math.random() * (options.upMs[1] - options.upMs[0]));
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
      const restarted = performance.now();
      server = await start(kind === 'embedded' ? dataDir : undefined);
      restartMs += performance.now() - restarted;
    }
    await sleep(options.upMs[0]);
    running = false;
    clearInterval(ticker);
    await Promise.all(inFlight);

    // The dashboard catches up with what it missed, from its Last-Event-ID.
    const inDb = await stored(server.url, token);
    const delivered = () =>
      [...raises.acknowledged].every((id) => watcher.raised.has(id)) &&
      [...closes.acknowledged].every((id) => watcher.closed.has(id));
    for (let waited = 0; !delivered() && waited < 30_000; waited += 200) await sleep(200);
    const count = (tally: Tally, db: Set<number>, seen: Set<number>) => {
      const ids = [...tally.acknowledged];
      return {
        sent: tally.sent,
        acknowledged: ids.length,
        stored: ids.filter((id) => db.has(id)).length,
        delivered: ids.filter((id) => seen.has(id)).length,
        lost: ids.filter((id) => !db.has(id) || !seen.has(id)).length,
      };
    };
    return {
      kind,
      raises: count(raises, inDb.all, watcher.raised),
      closes: count(closes, inDb.closed, watcher.closed),
      kills: options.kills,
      meanRestartS: Math.round(restartMs / Math.max(1, options.kills) / 100) / 10,
      reconnects: watcher.reconnects,
      duplicates: watcher.duplicates,
      resyncs: watcher.resyncs,
    };
  } finally {
    dashboard?.stop();
    await agent.close();
    await server.dispose();
    await database?.drop();
  }
}

/**
 * DESIGN §7 under fire: devices raise SOS and operators close them, `rate` a second, while
 * the server is killed with SIGKILL again and again and restarted (embedded, then
 * PostgreSQL). Afterwards every SOS that got a 2xx must be in the database and must have
 * reached a dashboard that reconnected with Last-Event-ID after every kill: lost must be 0,
 * or the bench fails (a lost SOS is a defect, not a figure).
 */
const chaos: Bench = {
  name: 'chaos',
  summary:
    'kill -9 the server 10 times under 100 SOS raises/closes a second: sent, acknowledged, stored, delivered, lost',
  async run(ctx) {
    const options: ChaosOptions = {
      rate: pick(ctx.size, 20, 100),
      kills: pick(ctx.size, 2, 10),
      upMs: pick(ctx.size, [1500, 2500] as [number, number], [4000, 8000] as [number, number]),
      devices: pick(ctx.size, 40, 400),
    };
    const runs = [];
    const notes: string[] = [];
    for (const kind of ['embedded', 'postgres'] as const) {
      const result = await runChaos(kind, options);
      if ('skipped' in result) notes.push(`${kind} skipped: ${result.skipped}`);
      else runs.push(result);
    }
    const rows = runs.flatMap((r) =>
      (['raises', 'closes'] as const).map((what) => ({
        database: r.kind,
        what: what === 'raises' ? 'SOS raised (device API)' : 'SOS closed (PATCH /api/sos/close)',
        kills: r.kills,
        ...r[what],
        'dashboard reconnects': r.reconnects,
        duplicates: r.duplicates,
        resyncs: r.resyncs,
        'mean restart s': r.meanRestartS,
      })),
    );
    printTable(
      `chaos: ${options.rate} operations/s, kill -9 × ${options.kills} per database`,
      rows,
    );
    const lost = rows.reduce((sum, row) => sum + row.lost + row.duplicates, 0);
    if (lost > 0) throw new Error(`chaos: ${lost} SOS lost or delivered twice (see the table)`);
    return {
      results: { options, runs },
      targets: runs.map((r) => ({
        what: `${r.kind}: SOS lost (raised or closed with a 2xx, not stored or not delivered)`,
        target: '0',
        value: r.raises.lost + r.closes.lost,
        met: r.raises.lost + r.closes.lost === 0,
      })),
      notes: [
        ...notes,
        'sent = calls made (some while the server was down); acknowledged = SOS a 2xx answered with; stored = in the server’s lists afterwards; delivered = received by one dashboard that reconnected with Last-Event-ID after every kill',
      ],
    };
  },
};

export default chaos;

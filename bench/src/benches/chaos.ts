import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { API_KEY_HEADER, apiPath, IDEMPOTENCY_KEY_HEADER } from '@sos/contract';
import { login, registerDevices, serialOf } from '../lib/api.js';
import type { Bench } from '../lib/bench.js';
import { sleep } from '../lib/clock.js';
import { createBenchDatabase } from '../lib/pg.js';
import { printTable } from '../lib/report.js';
import { ResilientDashboard } from '../lib/resilient-sse.js';
import { diagnoseLost } from '../lib/chaos-diagnosis.js';
import { API_KEY, startServer, type RunningServer } from '../lib/server.js';
import { crashPostgres, localCluster, untilAnswering } from '../lib/pg-crash.js';
import { pick } from '../lib/size.js';
import { attempt, freePort, newTally, tallyAnswer, type Tally } from '../lib/chaos-calls.js';

interface ChaosOptions {
  /** Operations a second: raises (device API) and closes (PATCH /api/sos/close). */
  rate: number;
  /** What is killed: the server process (SIGKILL), or PostgreSQL itself (stop -m immediate). */
  victim: 'server' | 'database';
  kills: number;
  /** How long the server runs between two kills, ms (random in this range). */
  upMs: [number, number];
  devices: number;
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
    // Nothing is raised before the dashboard's stream is open: a new stream starts at the head
    // (its cursor), and what came before it is the lists' to show, not the stream's.
    for (let waited = 0; watcher.lastEventId === undefined; waited += 20) {
      if (waited > 10_000) throw new Error('chaos: the dashboard stream did not open in 10 s');
      await sleep(20);
    }
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
        tallyAnswer(raises, res.outcome);
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
        tallyAnswer(closes, res.outcome);
        if (res.status === 200) {
          closes.acknowledged.add(sosId);
          open.delete(device);
        }
      }
    };
    // Every 10 ms, the operations due by then (timers cannot fire 1,000 times a second).
    const startedAt = performance.now();
    let launched = 0;
    const ticker = setInterval(() => {
      if (!running) return;
      const due = Math.floor(((performance.now() - startedAt) / 1000) * options.rate);
      for (; launched < due; launched++) {
        const op = operate().finally(() => inFlight.delete(op));
        inFlight.add(op);
      }
    }, 10);

    let restartMs = 0;
    for (let k = 0; k < options.kills; k++) {
      process.stderr.write(
        `  chaos ${kind}, ${options.rate}/s, ${options.victim}: kill ${k + 1}/${options.kills}\n`,
      );
      await sleep(options.upMs[0] + Math.random() * (options.upMs[1] - options.upMs[0]));
      const restarted = performance.now();
      if (options.victim === 'database') {
        // The product keeps running through the database's crash and must recover by itself.
        await crashPostgres();
        restartMs += await untilAnswering(server.url, token);
        continue;
      }
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
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
    const diagnosis = await diagnoseLost(
      server.url + apiPath('sosRealTime'),
      token,
      {
        raised: [...raises.acknowledged].filter((id) => !watcher.raised.has(id)),
        closed: [...closes.acknowledged].filter((id) => !watcher.closed.has(id)),
      },
      watcher,
    );
    const count = (tally: Tally, db: Set<number>, seen: Set<number>) => {
      const ids = [...tally.acknowledged];
      return {
        sent: tally.sent,
        acknowledged: ids.length,
        stored: ids.filter((id) => db.has(id)).length,
        delivered: ids.filter((id) => seen.has(id)).length,
        lost: ids.filter((id) => !db.has(id) || !seen.has(id)).length,
        answers: [...tally.answers]
          .sort((a, b) => b[1] - a[1])
          .map(([key, n]) => `${key} × ${n}`)
          .join(', '),
      };
    };
    return {
      kind,
      raises: count(raises, inDb.all, watcher.raised),
      closes: count(closes, inDb.closed, watcher.closed),
      kills: options.kills,
      rate: options.rate,
      victim: options.victim,
      meanRestartMs: Math.round(restartMs / Math.max(1, options.kills)),
      reconnects: watcher.reconnects,
      duplicates: watcher.duplicates,
      resyncs: watcher.resyncs,
      diagnosis,
    };
  } finally {
    dashboard?.stop();
    await agent.close();
    await server.dispose();
    await database?.drop();
  }
}

/**
 * docs/security.md under fire: devices raise SOS and operators close them, `rate` a second, while
 * the server is killed with SIGKILL again and again and restarted (embedded, then
 * PostgreSQL). Afterwards every SOS that got a 2xx must be in the database and must have
 * reached a dashboard that reconnected with Last-Event-ID after every kill: lost must be 0,
 * or the bench fails (a lost SOS is a defect, not a figure).
 */
const chaos: Bench = {
  name: 'chaos',
  summary:
    'kill -9 the server 10 times under 100 and 1,000 SOS raises/closes a second, and PostgreSQL itself: sent, acknowledged, stored, delivered, lost',
  async run(ctx) {
    const base = {
      kills: pick(ctx.size, 2, 10),
      upMs: pick(ctx.size, [1500, 2500] as [number, number], [4000, 8000] as [number, number]),
      devices: pick(ctx.size, 40, 400),
    };
    const rates = pick(ctx.size, [100], [100, 1000]);
    // PostgreSQL's own crash stops the machine's cluster: full size (or --database-kill 1) only.
    const databaseKill =
      (ctx.size === 'full' || (ctx.flags?.['database-kill'] ?? 0) > 0) &&
      localCluster() !== undefined;
    const plans: Array<[kind: 'embedded' | 'postgres', options: ChaosOptions]> = [];
    for (const rate of rates) {
      for (const kind of ['embedded', 'postgres'] as const)
        plans.push([kind, { ...base, rate, victim: 'server' }]);
      if (databaseKill) plans.push(['postgres', { ...base, rate, victim: 'database' }]);
    }
    const runs = [];
    const notes: string[] = [];
    for (const [kind, options] of plans) {
      const result = await runChaos(kind, options);
      if ('skipped' in result) notes.push(`${kind} skipped: ${result.skipped}`);
      else runs.push(result);
    }
    if (!databaseKill)
      notes.push('no run killed PostgreSQL itself (full size with a local cluster only)');
    const rows = runs.flatMap((r) =>
      (['raises', 'closes'] as const).map((what) => ({
        database: r.kind,
        'ops/s': r.rate,
        killed: r.victim === 'server' ? 'server (SIGKILL)' : 'PostgreSQL (stop -m immediate)',
        what: what === 'raises' ? 'SOS raised (device API)' : 'SOS closed (PATCH /api/sos/close)',
        kills: r.kills,
        ...r[what],
        'dashboard reconnects': r.reconnects,
        duplicates: r.duplicates,
        resyncs: r.resyncs,
        'mean restart / recovery ms': r.meanRestartMs,
      })),
    );
    printTable(`chaos: ${rates.join(' and ')} operations/s, ${base.kills} kills per run`, rows);
    for (const r of runs)
      for (const line of r.diagnosis) console.log(`  ${r.kind}, ${r.rate}/s: ${line}`);
    const lost = rows.reduce((sum, row) => sum + row.lost + row.duplicates, 0);
    if (lost > 0) throw new Error(`chaos: ${lost} SOS lost or delivered twice (see the table)`);
    return {
      results: { base, rates, runs },
      targets: runs.flatMap((r) => [
        {
          what: `${r.kind}, ${r.rate}/s, ${r.victim} killed: SOS lost (acknowledged, not stored or not delivered)`,
          target: '0',
          value: r.raises.lost + r.closes.lost,
          met: r.raises.lost + r.closes.lost === 0,
        },
        {
          what: `${r.kind}, ${r.rate}/s, ${r.victim} killed: ${r.victim === 'server' ? 'mean restart, kill' : 'mean recovery, database up again'} → answering (ms)`,
          target: 'reported',
          value: r.meanRestartMs,
          met: null,
        },
      ]),
      notes: [
        ...notes,
        'answers = how the calls ended: a status code, or refused (server down), cut (killed under the call), timeout (10 s)',
        'sent = calls made (some while the server was down); acknowledged = SOS a 2xx answered with; stored = in the server’s lists afterwards; delivered = received by one dashboard that reconnected with Last-Event-ID after every kill',
      ],
    };
  },
};

export default chaos;

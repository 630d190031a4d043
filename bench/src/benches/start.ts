import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { apiPath } from '@sos/contract';
import type { Bench } from '../lib/bench.js';
import { spawnNode, stopChild } from '../lib/children.js';
import { sleep, wallNow } from '../lib/clock.js';
import { printTable } from '../lib/report.js';
import { ADMIN, startServer } from '../lib/server.js';
import { cpuSeconds } from '../lib/proc.js';
import { pick } from '../lib/size.js';
import { profileDir } from '../lib/targets.js';
import { median, round } from '../lib/stats.js';

const POLL_MS = 10;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls until `attempt` succeeds; resolves with the wall clock time of the success. */
async function firstSuccess(attempt: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await attempt().catch(() => false)) return wallNow();
    await sleep(POLL_MS);
  }
  throw new Error(`no success within ${timeoutMs} ms`);
}

const tryLogin = (port: number) => async () => {
  const res = await request(`http://127.0.0.1:${port}${apiPath('login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  await res.body.dump();
  return res.statusCode === 200;
};

/** One start of the product on `dataDir`: spawn → listening, spawn → first successful login. */
async function timeStart(dataDir: string, cpuProfileDir?: string) {
  const port = await freePort();
  const t0 = wallNow();
  const login = firstSuccess(tryLogin(port), 120_000);
  const server = await startServer({ dataDir, port, side: 'any', cpuProfileDir });
  const loggedIn = await login;
  // CPU used until the first login, every thread and the main one alone (bench/README.md):
  // on a loaded machine the wall time says more about the machine.
  const cpuS = round(cpuSeconds(server.pid), 2);
  const mainCpuS = round(cpuSeconds(server.pid, server.pid), 2);
  await server.dispose();
  return {
    listeningS: round((server.listeningAt - t0) / 1000, 3),
    loginS: round((loggedIn - t0) / 1000, 3),
    cpuS,
    mainCpuS,
  };
}

/** Context: a bare `node:http` process on the same core, spawn → first answer. */
async function timeBareNode() {
  const port = await freePort();
  const t0 = wallNow();
  const child = spawnNode({
    side: 'any',
    script: '-e',
    args: [`require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`],
  });
  const answered = await firstSuccess(async () => {
    const res = await request(`http://127.0.0.1:${port}/`);
    await res.body.dump();
    return res.statusCode === 200;
  }, 60_000);
  await stopChild(child);
  return round((answered - t0) / 1000, 3);
}

/**
 * Process start (already built) → first successful login on the embedded database: on a
 * fresh data dir (migrations, first administrator) and again on the data it left.
 */
const start: Bench = {
  name: 'start',
  summary: 'process start → first successful login, embedded (fresh data dir, then existing data)',
  async run(ctx) {
    const repeats = pick(ctx.size, 1, 5);
    const fresh: Array<{ listeningS: number; loginS: number; cpuS: number; mainCpuS: number }> = [];
    const existing: Array<{ listeningS: number; loginS: number; cpuS: number; mainCpuS: number }> =
      [];
    const bare: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const dir = mkdtempSync(join(os.tmpdir(), 'sos-bench-start-'));
      try {
        // --profile: the first start of each kind writes a CPU profile.
        const profile = (kind: string) => {
          if (!ctx.profile || i > 0) return undefined;
          return profileDir(ctx, `start-${kind}`);
        };
        fresh.push(await timeStart(join(dir, 'data'), profile('fresh')));
        existing.push(await timeStart(join(dir, 'data'), profile('existing')));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      bare.push(await timeBareNode());
    }
    const m = (
      list: Array<{ listeningS: number; loginS: number; cpuS: number; mainCpuS: number }>,
      key: 'listeningS' | 'loginS' | 'cpuS' | 'mainCpuS',
    ) => round(median(list.map((r) => r[key])), 3);
    const rows = [
      {
        start: 'fresh data dir',
        'listening s (median)': m(fresh, 'listeningS'),
        'first login s (median)': m(fresh, 'loginS'),
        'first login s (all)': fresh.map((r) => r.loginS).join(' '),
        'CPU s to login (median)': m(fresh, 'cpuS'),
        'main thread CPU s': m(fresh, 'mainCpuS'),
      },
      {
        start: 'existing data',
        'listening s (median)': m(existing, 'listeningS'),
        'first login s (median)': m(existing, 'loginS'),
        'first login s (all)': existing.map((r) => r.loginS).join(' '),
        'CPU s to login (median)': m(existing, 'cpuS'),
        'main thread CPU s': m(existing, 'mainCpuS'),
      },
      {
        start: 'context: bare node:http, first answer',
        'listening s (median)': null,
        'first login s (median)': round(median(bare), 3),
        'first login s (all)': bare.join(' '),
      },
    ];
    printTable(
      `start: ${repeats} start(s) of each kind, embedded database, login polled every ${POLL_MS} ms`,
      rows,
    );
    return {
      results: { repeats, fresh, existing, bareNodeS: bare },
      targets: [
        {
          what: 'fresh data dir → first login (s, median)',
          target: '≤ 1.5',
          value: m(fresh, 'loginS'),
          met: m(fresh, 'loginS') <= 1.5,
        },
        {
          what: 'existing data → first login (s, median)',
          target: '≤ 1.5',
          value: m(existing, 'loginS'),
          met: m(existing, 'loginS') <= 1.5,
        },
      ],
      notes: [
        'time from spawning `node apps/server/dist/main.mjs` (not pinned: all cores) to the first 200 of POST /api/auth/login',
      ],
    };
  },
};

export default start;

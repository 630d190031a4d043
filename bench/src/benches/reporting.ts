import { request } from 'undici';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { apiPath } from '@sos/contract';
import type { Bench } from '../lib/bench.js';
import { login, setupAgent } from '../lib/api.js';
import { deviceRange, insertDevicesLiteral } from '../lib/device-rows.js';
import { createBenchDatabase } from '../lib/pg.js';
import { printTable } from '../lib/report.js';
import { startServer, type RunningServer } from '../lib/server.js';
import { pick } from '../lib/size.js';
import { round, summarize } from '../lib/stats.js';

const DEVICES = 300;

/**
 * `days` × `perDay` closed SOS ending now, in ONE statement: most taken in charge in 5–115 s,
 * one in 50 closed without acknowledgement, a close 1–10 min later, outcomes and 12 operators
 * in turn, 0–3 logged calls each. Raise times are spread evenly, so every day has `perDay`.
 */
const seedSql = (days: number, perDay: number) => `
  ${insertDevicesLiteral(deviceRange(DEVICES, (i) => ({ serial: `BENCH-REP-${i}`, name: `Bench device ${i}` })))};
  INSERT INTO sos (device_id, state, created_at, updated_at, closed_at, closed_by_username,
      acknowledged_at, acknowledged_by_username, outcome)
  SELECT (SELECT min(id) FROM devices) + g % ${DEVICES}, 'CLOSED', t, t + close_s, t + close_s, 'op' || (g % 12),
    CASE WHEN g % 50 = 0 THEN NULL ELSE t + ack_s END,
    CASE WHEN g % 50 = 0 THEN NULL ELSE 'op' || ((g + 1) % 12) END,
    (ARRAY['ASSISTANCE_SENT','EMERGENCY_SERVICES','RESOLVED_BY_PHONE','FALSE_ALARM','TEST','NO_RESPONSE','OTHER'])[1 + g % 7]
  FROM (
    SELECT g, now() - ${days} * interval '1 day' + g * (interval '1 day' / ${perDay}) AS t,
      (5 + random() * 110) * interval '1 second' AS ack_s,
      (180 + random() * 540) * interval '1 second' AS close_s
    FROM generate_series(1, ${days * perDay}) g
  ) spread;
  -- The call-out (docs/call-out.md): 0 to 3 calls per SOS (1.5 on average), the resident
  -- first, then contacts, results in turn, so callsPerSos and contactReachedPct have work.
  INSERT INTO sos_timeline (sos_id, at, type, by_username, call_to, call_contact_index, call_name, call_phone, call_result)
  SELECT s.id, s.created_at + n * interval '30 seconds', 'CALL', 'op1',
    CASE WHEN n = 1 THEN 'RESIDENT' ELSE 'CONTACT' END, CASE WHEN n = 1 THEN NULL ELSE n - 2 END,
    'Bench', '+39 000 000', (ARRAY['ANSWERED','NO_ANSWER','BUSY','WRONG_NUMBER','VOICEMAIL'])[1 + (s.id + n) % 5]
  FROM sos s, generate_series(1, s.id % 4) n;
  ANALYZE sos;
  ANALYZE sos_timeline;`;

/**
 * What autovacuum does to a year of data that grew day by day, done at once after the bulk
 * insert (on its own: VACUUM runs outside a transaction): the statistics' summary, written by
 * triggers, holds a dead row version per update (82,000 beside 109,500 live ones) and no
 * statistics, so the planner expected 511 rows in a year and read the dead versions too.
 */
const SETTLE = 'VACUUM ANALYZE sos_stats';

/** Seeds a server's database: PostgreSQL over `pg`; the embedded one while its server is stopped. */
async function seed(kind: 'embedded' | 'postgres', where: string, sql: string) {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: where });
    await client.connect();
    try {
      await client.query(sql);
      await client.query(SETTLE);
    } finally {
      await client.end();
    }
    return;
  }
  const db = await PGlite.create({ dataDir: where });
  try {
    await db.exec(sql);
    await db.exec(SETTLE);
  } finally {
    await db.close();
  }
}

async function timed(url: string, token: string, repeats: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    const res = await request(url, {
      dispatcher: setupAgent,
      headers: { authorization: `Bearer ${token}` },
    });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    times.push(performance.now() - t0);
  }
  return times;
}

const DAY = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** One database kind: start, seed, restart on the seeded data (embedded), measure, stop. */
async function measure(
  kind: 'embedded' | 'postgres',
  days: number,
  perDay: number,
  repeats: number,
) {
  const database = kind === 'postgres' ? await createBenchDatabase('reporting') : undefined;
  if (database && 'skipped' in database) return { kind, skipped: database.skipped };
  let server: RunningServer = await startServer({ databaseUrl: database?.url });
  const seedStart = performance.now();
  try {
    if (kind === 'embedded') {
      await server.stop();
      await seed(kind, server.dataDir, seedSql(days, perDay));
      server = await startServer({ dataDir: server.dataDir });
    } else {
      await seed(kind, database!.url, seedSql(days, perDay));
    }
    const seedS = round((performance.now() - seedStart) / 1000, 1);
    const token = await login(server.url);
    const stats = `${server.url}${apiPath('sosStats')}?from=${DAY(-days)}&to=${DAY(0)}`;
    const page = `${server.url}${apiPath('sosHistory')}?limit=20`;
    await timed(stats, token, 2); // warm-up: plans and caches
    await timed(page, token, 5);
    return {
      kind,
      sos: days * perDay,
      seedS,
      stats: summarize(await timed(stats, token, repeats)),
      firstPage: summarize(await timed(page, token, repeats * 5)),
    };
  } finally {
    await server.dispose();
    await database?.drop();
  }
}

/** GET /api/sos/stats over a year of SOS and the history's first page, embedded and PostgreSQL. */
const reporting: Bench = {
  name: 'reporting',
  summary:
    'GET /api/sos/stats over 365 days × 300 SOS and the first history page: p50/p99, embedded and PostgreSQL',
  async run(ctx) {
    const days = pick(ctx.size, 10, 365);
    const perDay = pick(ctx.size, 30, 300);
    // The issue's target is a p99: over at least 200 samples at full size.
    const repeats = pick(ctx.size, 5, 200);
    const runs = [];
    for (const kind of ['embedded', 'postgres'] as const)
      runs.push(await measure(kind, days, perDay, repeats));
    const ms = (value: number | undefined) => (value === undefined ? null : round(value, 1));
    printTable(
      `reporting: ${days} days × ${perDay} SOS, stats ×${repeats} and first history page ×${repeats * 5}, ms`,
      runs.map((r) => ({
        database: r.kind,
        SOS: 'sos' in r ? r.sos : null,
        'seed s': 'seedS' in r ? r.seedS : null,
        'stats p50': 'stats' in r ? ms(r.stats?.p50) : null,
        'stats p99': 'stats' in r ? ms(r.stats?.p99) : null,
        'page p50': 'firstPage' in r ? ms(r.firstPage?.p50) : null,
        'page p99': 'firstPage' in r ? ms(r.firstPage?.p99) : null,
        skipped: 'skipped' in r ? r.skipped : '',
      })),
    );
    const measured = runs.filter((r) => 'stats' in r);
    return {
      results: { days, perDay, repeats, runs },
      targets: measured.map((r) => ({
        what: `${r.kind}: stats p99 ms (${r.sos} SOS, ${repeats} requests)`,
        target: '≤ 200',
        value: ms(r.stats?.p99),
        met: ctx.size === 'full' ? (r.stats?.p99 ?? Infinity) <= 200 : null,
      })),
      notes: [
        'one request at a time over HTTP (undici), the server process on its core; times include the HTTP round trip',
        'stats over the whole seeded range (from/to as days in the server TZ); first page: /api/sos/history?limit=20 (total included)',
        "each SOS has 0–3 logged calls (1.5 on average): the stats count them (callsPerSos, contactReachedPct), the history page counts each row's",
      ],
    };
  },
};

export default reporting;

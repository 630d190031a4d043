import { apiPath } from '@sos/contract';
import { Agent } from 'undici';
import { closeSos, login, raiseSos, registerDevices, serialOf } from '../lib/api.js';
import type { Bench } from '../lib/bench.js';
import { sleep, wallNow } from '../lib/clock.js';
import { createBenchDatabase } from '../lib/pg.js';
import { mib, peakRssBytes } from '../lib/proc.js';
import { printTable } from '../lib/report.js';
import { startServer } from '../lib/server.js';
import { pick } from '../lib/size.js';
import { SseFleet } from '../lib/sse-fleet.js';
import { round, summarize, type Summary } from '../lib/stats.js';

interface Interval {
  index: number;
  operations: number;
  errors: number;
  latencies: number[];
  deliveries: number;
  rssMiB: number;
}

const newInterval = (index: number): Interval => ({
  index,
  operations: 0,
  errors: 0,
  latencies: [],
  deliveries: 0,
  rssMiB: NaN,
});

const summaryRow = (s: Summary) => ({
  'p50 ms': round(s.p50),
  'p99 ms': round(s.p99),
  'max ms': round(s.max),
});

/**
 * A long run at a steady load on PostgreSQL: `dashboards` live streams and `rate` SOS events
 * a second (raises and closes in turn, through the device API and PATCH /api/sos/close) for
 * `intervals` × `intervalS`. Per interval: operations, errors, deliveries, the delivery
 * latency (request sent → event received on each stream) and the server's resident memory:
 * flat is the goal. Deliveries missing at the end fail the bench.
 */
const soak: Bench = {
  name: 'soak',
  summary:
    '1,000 dashboards, 25 SOS events/s for 10 minutes on PostgreSQL: errors, delivery p99 start/end, RSS every minute',
  async run(ctx) {
    const options = {
      dashboards: pick(ctx.size, 20, 1000),
      processes: pick(ctx.size, 1, 2),
      rate: pick(ctx.size, 5, 25),
      // Tiny (npm test, on the longest lane): a first and a last interval, all a drift needs.
      intervals: pick(ctx.size, 2, 10),
      intervalS: pick(ctx.size, 5, 60),
      devices: pick(ctx.size, 40, 400),
    };
    const database = await createBenchDatabase('soak');
    if ('skipped' in database) {
      return { results: { options }, targets: [], notes: [`skipped: ${database.skipped}`] };
    }
    // The product as it runs: the receivers listening (idle), push and the audit on (defaults).
    const server = await startServer({
      databaseUrl: database.url,
      env: { SOS_DC09_PORT: '0', SOS_SCAIP_PORT: '0' },
    });
    const agent = new Agent({ connections: 32, keepAliveTimeout: 60_000 });
    let fleet: SseFleet | undefined;
    try {
      await registerDevices(server.url, options.devices);
      const token = await login(server.url);
      fleet = await SseFleet.start({
        streams: options.dashboards,
        processes: options.processes,
        url: server.url + apiPath('sosRealTime'),
        headers: { authorization: `Bearer ${token}` },
        event: 'new-sos,new-sos-closed',
        concurrency: 32,
      });
      const expected = fleet.opened.ok;
      const children = fleet.children.length;
      // Per event key (SOS id; its negation for the closure): when it was sent, which
      // interval it belongs to, and the deliveries reported so far.
      const sent = new Map<
        number,
        { at: number; interval: Interval; got: number; reports: number }
      >();
      const early = new Map<number, Array<{ receivedAt: number[]; missing: number }>>();
      const intervals: Interval[] = [];
      let current = newInterval(1);
      intervals.push(current);
      const account = (key: number, receivedAt: number[]) => {
        const entry = sent.get(key)!;
        entry.reports++;
        entry.got += receivedAt.length;
        entry.interval.deliveries += receivedAt.length;
        for (const t of receivedAt) entry.interval.latencies.push(t - entry.at);
        if (entry.reports >= children) sent.delete(key);
      };
      fleet.onDelivery((key, receivedAt, missing) => {
        if (sent.has(key)) account(key, receivedAt);
        else early.set(key, [...(early.get(key) ?? []), { receivedAt, missing }]);
      });
      const open: number[] = [];
      const busy = new Set<number>();
      let device = 0;
      const operate = async (tick: number) => {
        const interval = current;
        interval.operations++;
        const at = wallNow();
        try {
          let key: number;
          if (tick % 2 === 1 && open.length > 0) {
            const sosId = open.shift()!;
            await closeSos(server.url, token, sosId, agent);
            key = -sosId;
          } else {
            do device = (device % options.devices) + 1;
            while (busy.has(device));
            busy.add(device);
            const raised = await raiseSos(server.url, serialOf(device), agent);
            open.push(raised.id);
            key = raised.id;
            const owner = device;
            setTimeout(() => busy.delete(owner), 0);
          }
          sent.set(key, { at, interval, got: 0, reports: 0 });
          for (const report of early.get(key) ?? []) account(key, report.receivedAt);
          early.delete(key);
        } catch {
          interval.errors++;
        }
      };
      const started = Date.now();
      let tick = 0;
      const inFlight = new Set<Promise<void>>();
      const timer = setInterval(() => {
        const op = operate(tick++).finally(() => inFlight.delete(op));
        inFlight.add(op);
      }, 1000 / options.rate);
      for (let i = 1; i <= options.intervals; i++) {
        await sleep(started + i * options.intervalS * 1000 - Date.now());
        current.rssMiB = mib(server.rss());
        process.stderr.write(
          `  soak: interval ${i}/${options.intervals} done, RSS ${current.rssMiB} MiB\n`,
        );
        if (i < options.intervals) {
          current = newInterval(i + 1);
          intervals.push(current);
        }
      }
      clearInterval(timer);
      await Promise.all(inFlight);
      // Stragglers: ask the streams for what they have of each event still incomplete.
      await sleep(2000);
      for (const key of sent.keys()) fleet.collect(key);
      await sleep(2000);
      const missing = [...sent.values()].reduce((n, e) => n + Math.max(0, expected - e.got), 0);
      const status = await fleet.status();
      const rows = intervals.map((iv) => ({
        [options.intervalS === 60 ? 'minute' : `${options.intervalS} s interval`]: iv.index,
        operations: iv.operations,
        errors: iv.errors,
        deliveries: iv.deliveries,
        ...summaryRow(summarize(iv.latencies)),
        'server RSS MiB': iv.rssMiB,
      }));
      printTable(
        `soak (PostgreSQL): ${expected} dashboards, ${options.rate} SOS events/s (raise, close in turn), ${options.intervals} × ${options.intervalS} s`,
        rows,
      );
      // Flat is judged against a warmed-up interval: the first carries the JIT's and the
      // caches' warm-up (full size: minute 2; tiny has two intervals, so the first).
      const warmIndex = intervals.length > 2 ? 1 : 0;
      const warm = summarize(intervals[warmIndex]!.latencies);
      const last = summarize(intervals.at(-1)!.latencies);
      const errors = intervals.reduce((n, iv) => n + iv.errors, 0);
      const drift = round(intervals.at(-1)!.rssMiB - intervals[warmIndex]!.rssMiB, 1);
      const peakMiB = mib(peakRssBytes(server.pid));
      const warmName = warmIndex > 0 ? `interval ${warmIndex + 1} (warmed up)` : 'the first';
      console.log(
        `  errors ${errors}, deliveries missing ${missing}, streams lost ${status.lost}; p99 interval ${warmIndex + 1} ${round(warm.p99)} ms, last ${round(last.p99)} ms; RSS drift ${drift} MiB, peak (VmHWM) ${peakMiB} MiB`,
      );
      if (missing > 0 || status.lost > 0)
        throw new Error(`soak: ${missing} deliveries missing, ${status.lost} streams lost`);
      return {
        results: {
          options,
          intervals: intervals.map(({ latencies, ...iv }) => ({
            ...iv,
            latency: summarize(latencies),
          })),
          missing,
          errors,
          drift,
          peakMiB,
        },
        targets: [
          { what: 'errors', target: '0', value: errors, met: errors === 0 },
          {
            what: `delivery p99, last interval / ${warmName}`,
            target: '≤ 1.5 (flat)',
            value: round(last.p99 / warm.p99, 2),
            met: last.p99 <= 1.5 * warm.p99,
          },
          {
            what: `server RSS drift, last interval − ${warmName} (MiB)`,
            target: 'flat',
            value: drift,
            met: null,
          },
          { what: 'server peak RSS (VmHWM, MiB)', target: 'reported', value: peakMiB, met: null },
        ],
        notes: [
          'latency = request sent → event received on each stream; RSS is the server process (PostgreSQL is another process)',
        ],
      };
    } finally {
      await fleet?.close();
      await agent.close();
      await server.dispose();
      await database.drop();
    }
  },
};

export default soak;

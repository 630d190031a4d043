/**
 * Load generator child: holds `count` live streams (node:http, one socket each) and
 * reports, per event of the watched name, the wall-clock time at which every stream
 * received it. The same code serves the product and its floor.
 */
import http from 'node:http';
import { wallNow } from '../lib/clock.js';
import { SseParser, sosIdOf } from '../lib/sse.js';
import type { FleetCommand, FleetReport } from '../lib/sse-protocol.js';

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const received = new Map<number, number[]>();
const responses = new Set<http.IncomingMessage>();
let alive = 0;
let lost = 0;
/** The watched event names: the first one's key is the SOS id, the second one's its negation. */
let watched = ['new-sos'];
/** Set just before a chunk is parsed: every event in that chunk arrived then. */
let receivedAt = 0;

const send = (report: FleetReport) => process.send?.(report);

function complete(key: number) {
  const times = received.get(key);
  if (!times || times.length < alive) return;
  received.delete(key);
  send({ type: 'event', key, times, missing: Math.max(0, alive - times.length) });
}

const parser = () =>
  new SseParser((event) => {
    const which = watched.indexOf(event.event);
    if (which === -1) return;
    // The SOS's own id is the first "id" of its JSON (product and floor alike): a regex
    // costs the load generator far less than JSON.parse on 10,000 streams.
    const id = sosIdOf(event.data);
    if (id === undefined) return;
    const key = which === 0 ? id : -id;
    let times = received.get(key);
    if (!times) received.set(key, (times = []));
    times.push(receivedAt);
    complete(key);
  });

function openOne(url: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`HTTP ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      const sse = parser();
      let opened = false;
      // Ready once the first bytes arrive: the server has subscribed the stream by then.
      res.on('data', (chunk: string) => {
        receivedAt = wallNow();
        sse.feed(chunk);
        if (!opened) {
          opened = true;
          alive++;
          responses.add(res);
          resolve();
        }
      });
      res.on('close', () => {
        responses.delete(res);
        if (!opened) return reject(new Error('closed before any data'));
        alive--;
        lost++;
        for (const key of [...received.keys()]) complete(key);
      });
    });
    req.on('error', reject);
  });
}

async function open(
  url: string,
  headers: Record<string, string>,
  count: number,
  concurrency: number,
) {
  const started = performance.now();
  const errors: string[] = [];
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      await openOne(url, headers).catch((err: Error) => {
        failed++;
        if (errors.length < 5) errors.push(err.message);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  send({
    type: 'opened',
    ok: alive,
    failed,
    errors,
    ms: performance.now() - started,
    rss: process.memoryUsage().rss,
  });
}

process.on('message', (message: FleetCommand) => {
  switch (message.type) {
    case 'ping':
      send({ type: 'pong', seq: message.seq, now: wallNow() });
      break;
    case 'open':
      watched = message.event.split(',');
      void open(message.url, message.headers, message.count, message.concurrency);
      break;
    case 'collect': {
      const times = received.get(message.key) ?? [];
      received.delete(message.key);
      send({ type: 'event', key: message.key, times, missing: Math.max(0, alive - times.length) });
      break;
    }
    case 'status':
      send({ type: 'status', alive, lost, rss: process.memoryUsage().rss });
      break;
    case 'close':
      for (const res of responses) res.destroy();
      agent.destroy();
      process.disconnect?.();
      setTimeout(() => process.exit(0), 50).unref();
      break;
  }
});

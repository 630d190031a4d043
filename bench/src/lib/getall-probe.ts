import { Agent, request } from 'undici';
import { apiPath, LAST_EVENT_ID_HEADER } from '@sos/contract';
import { closeSos, raiseSos, serialOf } from './api.js';
import { sleep, wallNow } from './clock.js';
import { median, round, summarize } from './stats.js';

/** What Chromium sends; the server picks its encoding from it. */
const BROWSER_ACCEPT = 'gzip, deflate, br, zstd';

export interface GetAllFetch {
  encoding: string;
  bytes: number;
  firstByteMs: number;
  lastByteMs: number;
  lastEventId: string | null;
}

// One connection, kept alive: the figures are the server's, not a TCP handshake's.
const agent = new Agent({ connections: 1, keepAliveTimeout: 60_000 });

/** One GET /api/device/getAll: bytes on the wire, time to its headers and to its last byte. */
async function fetchGetAll(url: string, token: string, accept: string): Promise<GetAllFetch> {
  const started = performance.now();
  const res = await request(url + apiPath('deviceGetAll'), {
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': accept },
  });
  // undici resolves when the status line and headers are in: the first bytes.
  const firstByteMs = performance.now() - started;
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Buffer).length;
  const lastByteMs = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`getAll answered ${res.statusCode}`);
  const header = res.headers[LAST_EVENT_ID_HEADER];
  return {
    encoding: String(res.headers['content-encoding'] ?? 'identity'),
    bytes,
    firstByteMs,
    lastByteMs,
    lastEventId: typeof header === 'string' ? header : null,
  };
}

/** getAll asked with each encoding `rounds` times (after one warm-up): medians per encoding. */
export async function measureGetAll(url: string, token: string, rounds: number) {
  const rows = [];
  for (const accept of ['identity', 'gzip', 'br', BROWSER_ACCEPT]) {
    await fetchGetAll(url, token, accept);
    const runs: GetAllFetch[] = [];
    for (let i = 0; i < rounds; i++) runs.push(await fetchGetAll(url, token, accept));
    rows.push({
      accept,
      encoding: runs[0]!.encoding,
      bytes: runs[0]!.bytes,
      firstByteMs: round(median(runs.map((r) => r.firstByteMs)), 1),
      lastByteMs: round(median(runs.map((r) => r.lastByteMs)), 1),
      lastByteMaxMs: round(Math.max(...runs.map((r) => r.lastByteMs)), 1),
    });
  }
  return rows;
}

/**
 * How long a getAll holds up SOS writes: device SOS raised (and closed) alone, then each
 * raised `delayMs` after a getAll started. Devices first, first+1, … raise, each once.
 */
export async function measureWritePause(
  url: string,
  token: string,
  first: number,
  rounds: number,
  delayMs = 20,
) {
  const raise = async (k: number) => {
    const sentAt = wallNow();
    const { id } = await raiseSos(url, serialOf(k));
    const ms = wallNow() - sentAt;
    await closeSos(url, token, id);
    return ms;
  };
  const idle: number[] = [];
  for (let i = 0; i < rounds; i++) {
    idle.push(await raise(first + i));
    await sleep(50);
  }
  const during: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const read = fetchGetAll(url, token, 'identity');
    await sleep(delayMs);
    during.push(await raise(first + rounds + i));
    reads.push((await read).lastByteMs);
    await sleep(50);
  }
  const ms = (v: number[]) => {
    const s = summarize(v);
    return { p50: round(s.p50, 1), max: round(s.max, 1) };
  };
  return { rounds, delayMs, idle: ms(idle), duringGetAll: ms(during), getAll: ms(reads) };
}

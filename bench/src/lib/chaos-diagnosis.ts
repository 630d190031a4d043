/**
 * What the chaos bench prints when an acknowledged SOS never reached its dashboard
 * (benches/chaos.ts): whether the outbox holds the SOS's event, and from which ids the
 * dashboard resumed after each kill, so a lost delivery can be told apart from a lost write.
 */
import http from 'node:http';
import { SseParser, sosIdOf } from './sse.js';
import type { ResilientDashboard } from './resilient-sse.js';

/** The replay of the whole outbox has ended once no event came for this long. */
const QUIET_MS = 1500;

/** The event ids the outbox holds, by event name and SOS id: a fresh stream resuming after id 0. */
function outboxEvents(url: string, token: string): Promise<Map<string, string[]>> {
  return new Promise((resolve) => {
    const found = new Map<string, string[]>();
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      request.destroy();
      resolve(found);
    };
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(done, QUIET_MS);
    };
    const headers = {
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
      'last-event-id': '0',
    };
    const request = http.get(url, { headers, agent: false }, (res) => {
      const parser = new SseParser((event) => {
        quiet();
        const sosId = sosIdOf(event.data);
        if (sosId === undefined) return;
        const key = `${event.event} ${sosId}`;
        found.set(key, [...(found.get(key) ?? []), event.id ?? '?']);
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => parser.feed(chunk));
      quiet();
    });
    request.on('error', () => resolve(found));
  });
}

/** Lines saying, for each SOS id not delivered, where its event is and how the dashboard resumed. */
export async function diagnoseLost(
  url: string,
  token: string,
  lost: { raised: number[]; closed: number[] },
  watcher: ResilientDashboard,
): Promise<string[]> {
  if (lost.raised.length + lost.closed.length === 0) return [];
  const lines: string[] = [];
  const outbox = await outboxEvents(url, token);
  for (const [name, ids] of [
    ['new-sos', lost.raised],
    ['new-sos-closed', lost.closed],
  ] as const) {
    for (const id of ids)
      lines.push(
        `SOS ${id}: not delivered as ${name}; outbox event id(s): ${outbox.get(`${name} ${id}`)?.join(', ') ?? 'none'}`,
      );
  }
  const resumed = watcher.connections.map((c) => `${c.from ?? 'start'} → ${c.first ?? '(none)'}`);
  lines.push(`dashboard streams (resumed from → first event id): ${resumed.join('; ')}`);
  return lines;
}

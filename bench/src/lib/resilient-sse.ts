import http from 'node:http';
import { SseParser, sosIdOf } from './sse.js';

const RETRY_MS = 200;

/**
 * One dashboard as the console behaves: it keeps its live stream open whatever happens to
 * the server (killed, restarted), reconnecting every time with Last-Event-ID, and records
 * every SOS raised and closed it was told about.
 */
export class ResilientDashboard {
  lastEventId: string | undefined;
  readonly raised = new Set<number>();
  readonly closed = new Set<number>();
  /** Event ids received twice (there must be none). */
  duplicates = 0;
  reconnects = 0;
  resyncs = 0;
  /** Each stream opened: the Last-Event-ID it resumed from, and the first event id it got. */
  readonly connections: Array<{ from: string | undefined; first?: string }> = [];
  private readonly seen = new Set<string>();
  private stopped = false;
  private request: http.ClientRequest | undefined;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  start(): void {
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.request?.destroy();
  }

  private connect(): void {
    if (this.stopped) return;
    let retried = false;
    const retry = () => {
      if (retried || this.stopped) return;
      retried = true;
      this.reconnects++;
      setTimeout(() => this.connect(), RETRY_MS);
    };
    const headers: Record<string, string> = {
      accept: 'text/event-stream',
      authorization: `Bearer ${this.token}`,
      ...(this.lastEventId === undefined ? {} : { 'last-event-id': this.lastEventId }),
    };
    const request = http.get(this.url, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return retry();
      }
      const connection: { from: string | undefined; first?: string } = { from: this.lastEventId };
      this.connections.push(connection);
      const parser = new SseParser((event) => {
        connection.first ??= event.id;
        this.onEvent(event.id, event.event, event.data);
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => parser.feed(chunk));
      res.on('close', retry);
      res.on('error', retry);
    });
    request.on('error', retry);
    this.request = request;
  }

  private onEvent(id: string | undefined, name: string, data: string) {
    if (id !== undefined) this.lastEventId = id;
    if (name === 'resync') this.resyncs++;
    if (name !== 'new-sos' && name !== 'new-sos-closed') return;
    if (id !== undefined) {
      if (this.seen.has(id)) this.duplicates++;
      this.seen.add(id);
    }
    const sosId = sosIdOf(data);
    if (sosId === undefined) return;
    (name === 'new-sos' ? this.raised : this.closed).add(sosId);
  }
}

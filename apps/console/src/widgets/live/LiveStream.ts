import { EventSource, type ErrorEvent, type FetchLike } from 'eventsource';
import {
  LIVE_EVENT_NAMES,
  parseLiveEvent,
  type LiveEvent,
} from '../../entities/live/liveEvents.js';
import type { LiveStatus } from '../../store/liveSlice.js';

export interface LiveStreamOptions {
  url: string;
  /**
   * Where to resume from on the first connection: the last event the loaded list includes
   * (GET /api/device/getAll's X-Last-Event-Id), so an SOS raised in between is replayed.
   */
  lastEventId?: string | null;
  /**
   * Events after lastEventId whose changes the loaded list already shows (X-Included-Event-Ids):
   * replayed, they are not applied again (an SOS closed meanwhile would come back and ring).
   */
  skipEventIds?: readonly string[];
  /** The bearer token; `force` after the server refused the current one. */
  getToken: (force: boolean) => Promise<string | null>;
  /** A refusal's code (401), read before the token is refreshed: why the session ended. */
  onRefused?: (code: unknown) => void;
  onEvent: (event: LiveEvent) => void;
  /** Back after a long disconnection: the lists may have missed more than the stream replays. */
  onGap: () => void;
  onStatus: (status: LiveStatus) => void;
}

/** Disconnected longer than this: reload the lists when the stream is back. */
export const LONG_GAP_MS = 60_000;
/** Short drops (the stream ends at every token expiry) are not worth a warning. */
export const DOWN_NOTICE_MS = 5_000;
const MAX_RETRY_MS = 30_000;

/**
 * The one live channel of the dashboard (docs/console.md, §4; docs/contract.md). The `eventsource`
 * package reconnects by itself after a network drop or the end of the stream, sending
 * Last-Event-ID; this class adds the bearer token to every connection, re-subscribes
 * after a refusal (401: refresh the token first; other statuses: back off), and reports
 * long gaps so the lists are reloaded.
 */
export class LiveStream {
  private source: EventSource | null = null;
  private lastEventId: string | null = null;
  private readonly skip: ReadonlySet<string>;
  private forceRefresh = false;
  private failures = 0;
  private downSince: number | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private downTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;

  constructor(private readonly options: LiveStreamOptions) {
    this.lastEventId = options.lastEventId ?? null;
    this.skip = new Set(options.skipEventIds ?? []);
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes the channel (leaving the screen). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.downTimer);
    this.source?.close();
    this.source = null;
    this.options.onStatus('idle');
  }

  /** Window focus: re-subscribe if no channel is set (docs/console.md). */
  ensure(): void {
    if (this.stopped || this.source?.readyState === EventSource.OPEN) return;
    if (this.source?.readyState === EventSource.CONNECTING) return;
    this.connect();
  }

  private connect(): void {
    clearTimeout(this.retryTimer);
    this.source?.close();
    const source = new EventSource(this.options.url, { fetch: this.fetchWithToken });
    this.source = source;
    if (this.downSince === null) this.options.onStatus('connecting');
    source.addEventListener('open', () => {
      if (source === this.source) this.opened();
    });
    source.addEventListener('error', (event) => this.failed(source, event));
    for (const name of LIVE_EVENT_NAMES) {
      source.addEventListener(name, (message: MessageEvent<string>) => {
        if (source !== this.source) return;
        if (message.lastEventId) this.lastEventId = message.lastEventId;
        if (this.skip.has(message.lastEventId)) return;
        const event = parseLiveEvent(name, message.data);
        if (event) this.options.onEvent(event);
      });
    }
    // Unnamed messages carry no data for the console, but their id moves the resume point.
    source.addEventListener('message', (message: MessageEvent<string>) => {
      if (source === this.source && message.lastEventId) this.lastEventId = message.lastEventId;
    });
  }

  /** Every connection, the automatic reconnections included, gets a fresh token. */
  private fetchWithToken: FetchLike = async (url, init) => {
    const token = await this.options.getToken(this.forceRefresh);
    this.forceRefresh = false;
    // Offline or signed out: a thrown error makes eventsource retry later.
    if (!token) throw new Error('No access token for the live stream');
    const headers: Record<string, string> = { ...init.headers, Authorization: `Bearer ${token}` };
    // A new EventSource (the first one, or one after a refusal) does not know the last id:
    // resume from it anyway.
    if (this.lastEventId && !headers['Last-Event-ID']) headers['Last-Event-ID'] = this.lastEventId;
    const response = await fetch(url, { ...init, headers });
    if (response.status === 401 && this.options.onRefused) {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { code?: unknown } | null;
      this.options.onRefused(body?.code);
    }
    return response;
  };

  private opened(): void {
    this.failures = 0;
    clearTimeout(this.downTimer);
    const gap = this.downSince === null ? 0 : Date.now() - this.downSince;
    this.downSince = null;
    this.options.onStatus('open');
    if (gap > LONG_GAP_MS) this.options.onGap();
  }

  private failed(source: EventSource, event: ErrorEvent): void {
    if (source !== this.source || this.stopped) return;
    this.markDown();
    // Still CONNECTING: eventsource retries by itself (network drop, stream ended).
    if (source.readyState !== EventSource.CLOSED) return;
    this.failures += 1;
    if (event.code === 401) this.forceRefresh = true;
    // The first refusal for an expired token is retried at once with a new one; then back off.
    const delay =
      event.code === 401 && this.failures === 1
        ? 0
        : Math.min(MAX_RETRY_MS, 1000 * 2 ** this.failures);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private markDown(): void {
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.downTimer = setTimeout(() => this.options.onStatus('down'), DOWN_NOTICE_MS);
  }
}

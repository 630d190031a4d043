import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Unlisten } from '../db/client.js';
import { EVENTS_CHANNEL, type Announcement } from './outbox.js';
import { RecentFrames } from './recent.js';
import { eventFrame, KEEPALIVE } from './sse.js';
import type { LiveCounters } from './stats.js';
import { readSettledAfter, readSettledHead } from './store.js';
import type { LiveStream } from './stream.js';

const CATCH_UP_PAGE = 500;

export interface HubOptions {
  recentFrames: number;
  recentBytes: number;
}

function parseAnnouncement(payload: string): Announcement | null {
  try {
    const value = JSON.parse(payload) as Partial<Announcement>;
    if (!Number.isSafeInteger(value.id)) return null;
    const full = typeof value.type === 'string' && typeof value.data === 'string';
    return full ? { id: value.id!, type: value.type, data: value.data } : { id: value.id! };
  } catch {
    return null;
  }
}

/**
 * One per process. Receives the outbox announcements (LISTEN), frames each event once and
 * writes it to every open stream, strictly in id order; `lastPublishedId` only grows, so
 * an event announced twice, or read both from NOTIFY and from the table, goes out once.
 */
export class LiveHub {
  readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<number, Set<LiveStream>>();
  readonly recent: RecentFrames;
  lastPublishedId = 0;
  closing = false;
  private queue: Announcement[] = [];
  private flushScheduled = false;
  private pollQueued = false;
  /** Batches and catch-ups run one after another: publication order is id order. */
  private tail: Promise<void> = Promise.resolve();
  /** A read failed: until a catch-up succeeds, announcements are not trusted to be contiguous. */
  private stalled = false;
  private unlisten: Unlisten | undefined;

  constructor(
    private readonly db: Db,
    private readonly counters: LiveCounters,
    private readonly log: FastifyBaseLogger,
    options: HubOptions,
  ) {
    this.recent = new RecentFrames(options.recentFrames, options.recentBytes);
  }

  async start(database: Database) {
    // LISTEN first, then read the head: an event committed in between is announced and,
    // being at or below the head, dropped; nothing falls between the two.
    this.unlisten = await database.listen(EVENTS_CHANNEL, (payload) => this.onPayload(payload));
    this.tail = readSettledHead(this.db).then((head) => {
      this.lastPublishedId = head;
      this.recent.reset(head);
    });
    await this.tail;
  }

  async stop() {
    this.closing = true;
    await this.unlisten?.();
    await this.tail;
  }

  add(stream: LiveStream) {
    this.streams.add(stream);
    let mine = this.byUser.get(stream.userId);
    if (!mine) this.byUser.set(stream.userId, (mine = new Set()));
    mine.add(stream);
  }

  remove(stream: LiveStream) {
    this.streams.delete(stream);
    const mine = this.byUser.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.byUser.delete(stream.userId);
  }

  endUser(userId: number) {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) stream.end();
  }

  endAll(last: Buffer) {
    for (const stream of [...this.streams]) stream.end(last);
  }

  /** One shared timer calls this for every stream: idle proxies keep the connection. */
  keepAlive() {
    for (const stream of this.streams) stream.write(KEEPALIVE);
  }

  /** Safety net: reads what a lost notification (e.g. a dropped LISTEN connection) missed. */
  poll() {
    if (this.pollQueued || this.closing) return;
    this.pollQueued = true;
    this.enqueue(async () => {
      this.pollQueued = false;
      await this.catchUp();
    });
  }

  private onPayload(payload: string) {
    this.counters.announcements++;
    const announcement = parseAnnouncement(payload);
    if (!announcement) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'live: malformed announcement ignored');
      return;
    }
    this.queue.push(announcement);
    if (this.flushScheduled) return;
    // Everything announced in this turn of the event loop is handled as one batch.
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const batch = this.queue;
      this.queue = [];
      this.enqueue(() => this.process(batch));
    });
  }

  private enqueue(task: () => Promise<void> | void) {
    this.tail = this.tail.then(task).catch((err: unknown) => {
      this.log.error({ err }, 'live: publication failed');
    });
  }

  private async process(batch: Announcement[]) {
    const fresh = batch.filter((a) => a.id > this.lastPublishedId).sort((a, b) => a.id - b.id);
    for (const a of fresh) {
      // Writers commit in any order (outbox.ts): an announcement is trusted only when it is
      // the very next id. Otherwise (a smaller id still being committed, a big event announced
      // by id only, a notification lost with a LISTEN connection, an id a rollback burnt) a
      // settled read of the table says what comes first.
      const next = !this.stalled && a.id === this.lastPublishedId + 1;
      if (next && a.type !== undefined && a.data !== undefined) {
        this.publish(a.id, a.type, a.data);
        continue;
      }
      // Every announced event is committed: one read covers the rest of the batch too.
      await this.catchUp();
      return;
    }
  }

  private async catchUp() {
    if (this.closing) return;
    try {
      for (;;) {
        const rows = await readSettledAfter(this.db, this.lastPublishedId, CATCH_UP_PAGE);
        for (const row of rows) this.publish(row.id, row.type, row.data);
        if (rows.length < CATCH_UP_PAGE) break;
      }
      this.stalled = false;
    } catch (err) {
      this.stalled = true;
      if (!this.closing) this.log.warn({ err }, 'live: outbox read failed, retrying on the next poll');
    }
  }

  private publish(id: number, type: string, data: string) {
    if (id <= this.lastPublishedId) return;
    const frame = eventFrame(id, type, data);
    this.lastPublishedId = id;
    this.recent.push(frame);
    this.counters.eventsPublished++;
    for (const stream of this.streams) {
      try {
        stream.deliver(frame);
      } catch (err) {
        // One broken socket must not cost the other streams their frame.
        this.log.warn({ err }, 'live: write failed, ending the stream');
        stream.drop();
      }
    }
  }
}

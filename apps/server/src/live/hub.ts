import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Log } from '../lib/log.js';
import type { Database, Db, Unlisten } from '../db/client.js';
import type { StreamsToEnd } from './control.js';
import { EVENTS_CHANNEL, onEventAppended } from './outbox.js';
import { RecentFrames } from './recent.js';
import { eventFrame, KEEPALIVE } from './sse.js';
import type { LiveCounters } from './stats.js';
import { readSettledAfter, readSettledHead, type StoredEvent } from './store.js';
import type { LiveStream } from './stream.js';

const CATCH_UP_PAGE = 500;

export interface HubOptions {
  recentFrames: number;
  recentBytes: number;
}

/**
 * One per process. Woken by every append of this process (outbox.ts) and by the other
 * processes' NOTIFY, it reads the new events from the outbox once the writers holding ids
 * are done (a settled read), frames each event once and writes it to every open stream,
 * strictly in id order; `lastPublishedId` only grows, so an event read twice goes out once.
 * Wake-ups that come while a read runs are served by one more read: a burst costs a few.
 */
export class LiveHub {
  readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<number, Set<LiveStream>>();
  readonly recent: RecentFrames;
  lastPublishedId = 0;
  closing = false;
  private readQueued = false;
  /** Reads run one after another: publication order is id order. */
  private tail: Promise<void> = Promise.resolve();
  private unlisten: Unlisten | undefined;
  private unwake: (() => void) | undefined;
  /** The payload of this process's own wake-up NOTIFY, which it ignores. */
  private readonly instance = randomUUID();
  private signalling = false;
  private signalAgain = false;
  private kind: Database['kind'] = 'embedded';

  constructor(
    private readonly db: Db,
    private readonly counters: LiveCounters,
    private readonly log: Log,
    options: HubOptions,
  ) {
    this.recent = new RecentFrames(options.recentFrames, options.recentBytes);
  }

  async start(database: Database) {
    this.kind = database.kind;
    // Listen first, then read the head: an event committed in between wakes a read that
    // finds it above the head; nothing falls between the two.
    this.unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
      if (payload === this.instance) return;
      this.counters.announcements++;
      this.poll();
    });
    this.unwake = onEventAppended(() => this.onLocalAppend());
    this.tail = readSettledHead(this.db).then((head) => {
      this.lastPublishedId = head;
      this.recent.reset(head);
    });
    await this.tail;
  }

  async stop() {
    this.closing = true;
    this.unwake?.();
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

  /** Ends a user's streams: all, or only one session's, or all but one session's. */
  endUser({ userId, only, except }: StreamsToEnd) {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) {
      if (only !== undefined && stream.sessionId !== only) continue;
      if (except !== undefined && stream.sessionId === except) continue;
      stream.end();
    }
  }

  endAll(last: Buffer) {
    for (const stream of [...this.streams]) stream.end(last);
  }

  /** One shared timer calls this for every stream: idle proxies keep the connection. */
  keepAlive() {
    for (const stream of this.streams) stream.write(KEEPALIVE);
  }

  /**
   * Reads what the outbox holds beyond the last published event: on every wake-up, and
   * every few seconds as a safety net for a notification lost with a LISTEN connection.
   */
  poll() {
    if (this.readQueued || this.closing) return;
    this.readQueued = true;
    this.tail = this.tail
      .then(async () => {
        this.readQueued = false;
        await this.catchUp();
      })
      .catch((err: unknown) => this.log.error({ err }, 'live: publication failed'));
  }

  private onLocalAppend() {
    this.poll();
    // An embedded database has no other process (its folder is locked).
    if (this.kind === 'postgres') this.signalOthers();
  }

  /** One NOTIFY at a time; appends made while one is sent get one more after it. */
  private signalOthers() {
    if (this.closing) return;
    if (this.signalling) {
      this.signalAgain = true;
      return;
    }
    this.signalling = true;
    this.db
      .execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${this.instance})`)
      .catch((err: unknown) => this.log.warn({ err }, 'live: waking the other processes failed'))
      .finally(() => {
        this.signalling = false;
        if (!this.signalAgain) return;
        this.signalAgain = false;
        this.signalOthers();
      });
  }

  private async catchUp() {
    if (this.closing) return;
    try {
      for (;;) {
        const rows = await readSettledAfter(this.db, this.lastPublishedId, CATCH_UP_PAGE);
        this.publishAll(rows);
        if (rows.length < CATCH_UP_PAGE) break;
      }
    } catch (err) {
      if (!this.closing)
        this.log.warn({ err }, 'live: outbox read failed, retrying on the next poll');
    }
  }

  /**
   * A page of events, each socket corked meanwhile: its frames leave in one write, not one
   * system call per frame and stream (in a cliff of 500-SOS batches, those writes were the
   * largest item of the server's CPU profile). One event alone goes as it is: nothing to
   * gather, and corking every stream would only cost a fan-out to thousands of consoles.
   */
  private publishAll(rows: readonly StoredEvent[]) {
    const corked = rows.length > 1 ? [...this.streams] : [];
    for (const stream of corked) stream.out.cork();
    try {
      for (const row of rows) this.publish(row.id, row.type, row.data);
    } finally {
      for (const stream of corked) stream.out.uncork();
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

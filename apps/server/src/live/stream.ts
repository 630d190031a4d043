import type { Writable } from 'node:stream';
import type { Frame } from './sse.js';
import type { LiveCounters } from './stats.js';

/**
 * A client that has not read this much of what was written is too slow: it is ended
 * rather than buffered without bound, and resumes later with Last-Event-ID.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** After end(), a peer that never reads the rest is cut off. */
const END_GRACE_MS = 10_000;

/** One open event stream: what the hub writes to, and how it ends. */
export class LiveStream {
  closed = false;
  /** Live frames held while a backlog is being replayed (null when live). */
  private pending: Frame[] | null = null;
  private pendingBytes = 0;
  /** Frames up to this id reached the client from the backlog (goLive). */
  private sentUpTo = 0;
  private expiry: NodeJS.Timeout | undefined;

  constructor(
    readonly out: Writable,
    readonly userId: number,
    /** The session of the access token that opened it (logout ends it). */
    readonly sessionId: string,
    private readonly counters: LiveCounters,
    private readonly onClosed: (stream: LiveStream) => void,
  ) {
    out.on('close', () => this.release());
    // A write to a socket reset by the peer errors; 'close' follows and cleans up.
    out.on('error', () => {});
  }

  /** Ends the stream at this time (ms since epoch): the access token's expiry. */
  endAt(timeMs: number) {
    const delay = Math.min(Math.max(0, timeMs - Date.now()), 2 ** 31 - 1);
    this.expiry = setTimeout(() => this.end(), delay);
    this.expiry.unref();
  }

  /** From the hub: a live event, written now or held while replaying. */
  deliver(frame: Frame) {
    // A frame the backlog already carried (the client resumed ahead of this process's hub).
    if (this.closed || frame.id <= this.sentUpTo) return;
    if (this.pending) {
      this.pending.push(frame);
      this.pendingBytes += frame.bytes.length;
      if (this.pendingBytes > MAX_BUFFERED_BYTES) this.drop();
      return;
    }
    this.countedWrite(frame.bytes, true);
  }

  /** A comment or control block; a client over the buffer limit is dropped. */
  write(bytes: Buffer) {
    if (this.closed) return;
    if (!this.out.write(bytes) && this.out.writableLength > MAX_BUFFERED_BYTES) this.drop();
  }

  /** A replayed event: no drop, the caller waits for drained() when this returns false. */
  writeBacklog(bytes: Buffer): boolean {
    return this.countedWrite(bytes, false);
  }

  /** Holds live frames until goLive(): the backlog must reach the client first. */
  holdLive() {
    this.pending ??= [];
  }

  /** Sends the held frames newer than the last replayed id, then writes live frames directly. */
  goLive(lastSentId: number) {
    const held = this.pending ?? [];
    this.pending = null;
    this.pendingBytes = 0;
    this.sentUpTo = lastSentId;
    for (const frame of held) this.deliver(frame);
  }

  /** Resolves once the socket has room again, or the stream is gone. */
  drained(): Promise<void> {
    if (this.closed || !this.out.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.out.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      this.out.on('drain', done);
      this.out.on('close', done);
    });
  }

  /** Ends the response cleanly (the client sees the end and reconnects). */
  end(last?: Buffer) {
    if (this.closed) return;
    if (this.out.writableLength > MAX_BUFFERED_BYTES) return this.drop();
    this.release();
    if (last) this.out.end(last);
    else this.out.end();
    setTimeout(() => {
      if (!this.out.writableFinished) this.out.destroy();
    }, END_GRACE_MS).unref();
  }

  /** Cuts a client that does not keep up. */
  drop() {
    if (this.closed) return;
    this.counters.slowClientsDropped++;
    this.release();
    this.out.destroy();
  }

  private countedWrite(bytes: Buffer, dropWhenFull: boolean): boolean {
    if (this.closed) return false;
    this.counters.framesDelivered++;
    const ok = this.out.write(bytes);
    if (!ok && dropWhenFull && this.out.writableLength > MAX_BUFFERED_BYTES) this.drop();
    return ok;
  }

  private release() {
    if (this.closed) return;
    this.closed = true;
    this.pending = null;
    clearTimeout(this.expiry);
    this.onClosed(this);
  }
}

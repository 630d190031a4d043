import type { Frame } from './sse.js';

/**
 * The last frames this process published, so that a client reconnecting after a short
 * break (the common case: token refresh, deploy, flaky network) is replayed from memory,
 * with the very Buffers already built, without a database query.
 */
export class RecentFrames {
  private frames: Frame[] = [];
  private bytes = 0;
  /** Every event with floor < id ≤ newest is held (ids absent in between never committed). */
  private floor = 0;
  private newest = 0;

  constructor(
    private readonly maxFrames: number,
    private readonly maxBytes: number,
  ) {}

  /** Starts empty at the outbox head: older events must come from the database. */
  reset(headId: number) {
    this.frames = [];
    this.bytes = 0;
    this.floor = headId;
    this.newest = headId;
  }

  push(frame: Frame) {
    this.frames.push(frame);
    this.bytes += frame.bytes.length;
    this.newest = frame.id;
    while (
      this.frames.length > 0 &&
      (this.frames.length > this.maxFrames || this.bytes > this.maxBytes)
    ) {
      const oldest = this.frames.shift()!;
      this.bytes -= oldest.bytes.length;
      this.floor = oldest.id;
    }
  }

  /** The frames after `id`, or null when memory cannot tell (too old, or not seen yet). */
  after(id: number): Frame[] | null {
    if (id < this.floor || id > this.newest) return null;
    let lo = 0;
    let hi = this.frames.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.frames[mid]!.id <= id) lo = mid + 1;
      else hi = mid;
    }
    return this.frames.slice(lo);
  }
}

import type { Socket } from 'node:net';
import type { ReceiverAnswer, ReceiverProtocol } from './signal.js';

/** Messages split but not yet answered, past which the connection stops reading (backpressure). */
const MAX_QUEUED = 64;

export interface ConnectionHooks {
  /** One message answered (or left silent): counted by the transport. */
  onAnswer(answer: ReceiverAnswer): void;
  /** The stream can never become a valid message (over the size limit, or split said so). */
  onOverflow(): void;
}

/**
 * One TCP connection of a receiver: buffers what arrives, splits it into messages with the
 * protocol, handles them one at a time and writes each answer before the next message is
 * handled, so a device reads its answers in the order it sent its messages. The buffer never
 * holds more than maxMessageBytes of an incomplete message; past it the connection is closed.
 * A slow sink pauses reading (at most MAX_QUEUED messages wait) instead of growing memory.
 */
export class TcpConnection {
  private buffered: Buffer = Buffer.alloc(0);
  private readonly queue: Buffer[] = [];
  private running = false;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly protocol: ReceiverProtocol,
    private readonly idleTimeoutMs: number,
    private readonly hooks: ConnectionHooks,
  ) {
    socket.setNoDelay(true);
    socket.setTimeout(idleTimeoutMs);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('timeout', () => this.onIdle());
    // A reset or a write after the peer left: nothing to do but forget the connection.
    socket.on('error', () => this.close());
    socket.on('close', () => (this.closed = true));
  }

  /** Whether a message is being handled (the idle timer must not close it meanwhile). */
  get busy(): boolean {
    return this.running || this.queue.length > 0;
  }

  private receive(chunk: Buffer): void {
    if (this.closed) return;
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    let split: ReturnType<ReceiverProtocol['splitStream']>;
    try {
      split = this.protocol.splitStream(this.buffered);
    } catch {
      split = 'close';
    }
    if (split === 'close' || split.rest.length > this.protocol.maxMessageBytes) {
      this.hooks.onOverflow();
      this.close();
      return;
    }
    // Copy the rest: it may be a view on a large chunk that would otherwise stay alive.
    this.buffered = split.rest.length === 0 ? Buffer.alloc(0) : Buffer.from(split.rest);
    this.queue.push(...split.messages);
    if (this.queue.length >= MAX_QUEUED) this.socket.pause();
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let message = this.queue.shift(); message; message = this.queue.shift()) {
        if (this.queue.length < MAX_QUEUED / 2 && !this.closed) this.socket.resume();
        const answer = await this.answer(message);
        this.hooks.onAnswer(answer);
        if (answer.bytes && !this.closed) this.socket.write(answer.bytes);
      }
    } finally {
      this.running = false;
    }
  }

  private async answer(message: Buffer): Promise<ReceiverAnswer> {
    try {
      return await this.protocol.handle(message, 'tcp');
    } catch {
      // handle never throws by contract; if it does, the device gets silence and retries.
      return { bytes: null, refused: true };
    }
  }

  private onIdle(): void {
    // Waiting on the database is not idleness: re-arm and look again later.
    if (this.busy) this.socket.setTimeout(this.idleTimeoutMs);
    else this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.socket.destroy();
  }
}

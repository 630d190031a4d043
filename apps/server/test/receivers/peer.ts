import { connect, type Socket } from 'node:net';
import { createSocket } from 'node:dgram';

/**
 * A device on the network, as the receiver tests need one: a TCP connection whose received
 * bytes accumulate, and a one-shot UDP exchange.
 */
export class TcpPeer {
  received = Buffer.alloc(0);
  closed = false;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static open(port: number, host = '127.0.0.1'): Promise<TcpPeer> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host }, () => resolve(new TcpPeer(socket)));
      socket.once('error', reject);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => this.socket.write(data, () => resolve()));
  }

  /** Resolves once `predicate` holds on what was received (or the connection closed). */
  async until(predicate: (received: string) => boolean): Promise<string> {
    while (!predicate(this.received.toString('latin1')) && !this.closed) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.received.toString('latin1');
  }

  /** Resolves once the server closed the connection. */
  async untilClosed(): Promise<void> {
    while (!this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * One message over UDP as a SIP device sends it (RFC 3261 §17.1.1.2): sent again after 500 ms,
 * then after twice as long each time (at most 4 s apart), until an answer or `totalMs`. A
 * receiver still working through a flood may answer late; the device's resend is the same
 * message, which the receiver must take once.
 */
export async function udpExchangeResending(
  port: number,
  data: string | Buffer,
  totalMs = 16_000,
): Promise<Buffer | null> {
  const socket = createSocket('udp4');
  try {
    return await new Promise<Buffer | null>((resolve) => {
      const end = Date.now() + totalMs;
      let interval = 500;
      let timer: NodeJS.Timeout;
      const send = () => {
        if (Date.now() >= end) return resolve(null);
        socket.send(data, port, '127.0.0.1');
        timer = setTimeout(send, Math.min(interval, end - Date.now()));
        interval = Math.min(interval * 2, 4000);
      };
      socket.on('message', (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      socket.on('error', () => resolve(null));
      send();
    });
  } finally {
    socket.close();
  }
}

/** Sends one datagram and resolves with the first answer, or null after `waitMs`. */
export function udpExchange(
  port: number,
  data: string | Buffer,
  waitMs = 2000,
  host = '127.0.0.1',
): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const timer = setTimeout(() => finish(null), waitMs);
    const finish = (answer: Buffer | null) => {
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    socket.on('message', (message) => finish(message));
    socket.on('error', () => finish(null));
    socket.send(data, port, host);
  });
}

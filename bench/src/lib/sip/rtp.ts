import { createSocket, type Socket } from 'node:dgram';
import { randomInt } from 'node:crypto';

/**
 * One side's audio in the voice bench: G.711 µ-law, 20 ms frames (160 bytes) sent at a
 * steady 50 a second; what comes back counted as RTP is: packets, the sequence numbers
 * expected (loss), the first arrival, and RFC 3550's interarrival jitter.
 */
const FRAME = Buffer.alloc(160, 0x7f);
const CLOCK = 8000;

export class RtpStream {
  readonly socket: Socket = createSocket('udp4');
  port = 0;
  private seq = randomInt(0, 30000);
  private ts = randomInt(0, 1_000_000);
  private readonly ssrc = randomInt(1, 2 ** 31);
  private peer: { address: string; port: number } | null = null;
  sent = 0;
  received = 0;
  firstAt: number | null = null;
  private firstSeq = -1;
  private highestSeq = -1;
  /** RFC 3550 §6.4.1, in timestamp units. */
  private jitterUnits = 0;
  private lastTransit: number | null = null;

  async open(address: string): Promise<this> {
    await new Promise<void>((resolve) => this.socket.bind(0, address, resolve));
    this.port = this.socket.address().port;
    this.socket.on('message', (packet) => this.receive(packet));
    return this;
  }

  to(peer: { address: string; port: number }): void {
    this.peer = peer;
  }

  /** One frame, if the far end is known (a shared timer calls this every 20 ms). */
  tick(): void {
    if (!this.peer) return;
    const header = Buffer.alloc(12);
    header[0] = 0x80;
    header[1] = 0;
    header.writeUInt16BE(this.seq & 0xffff, 2);
    header.writeUInt32BE(this.ts >>> 0, 4);
    header.writeUInt32BE(this.ssrc, 8);
    this.seq += 1;
    this.ts += 160;
    this.sent += 1;
    this.socket.send(Buffer.concat([header, FRAME]), this.peer.port, this.peer.address);
  }

  private receive(packet: Buffer): void {
    if (packet.length < 12 || (packet[1]! & 0x7f) !== 0) return;
    const now = performance.timeOrigin + performance.now();
    this.firstAt ??= now;
    this.received += 1;
    // Sequence numbers unwrapped against the highest seen (a call lasts far less than a wrap).
    let seq = packet.readUInt16BE(2);
    if (this.highestSeq >= 0) {
      while (seq < this.highestSeq - 32768) seq += 65536;
    } else this.firstSeq = seq;
    this.highestSeq = Math.max(this.highestSeq, seq);
    const transit = (now / 1000) * CLOCK - packet.readUInt32BE(4);
    if (this.lastTransit !== null)
      this.jitterUnits += (Math.abs(transit - this.lastTransit) - this.jitterUnits) / 16;
    this.lastTransit = transit;
  }

  /** Packets the far end sent us that never came (by sequence number). */
  lost(): number {
    return this.highestSeq < 0
      ? 0
      : Math.max(0, this.highestSeq - this.firstSeq + 1 - this.received);
  }

  expected(): number {
    return this.highestSeq < 0 ? 0 : this.highestSeq - this.firstSeq + 1;
  }

  jitterMs(): number {
    return (this.jitterUnits / CLOCK) * 1000;
  }

  close(): void {
    this.peer = null;
    this.socket.close();
  }
}

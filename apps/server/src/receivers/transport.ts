import { createServer, isIPv6, type Server, type Socket } from 'node:net';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import type { ReceiverAnswer, ReceiverProtocol } from './signal.js';
import { TcpConnection } from './tcp-connection.js';
import {
  countFrame,
  emptyCounters,
  type FrameListener,
  type TransportCounters,
  type TransportName,
} from './counters.js';

/** What a UDP receiver asks the kernel for: seconds of a large fleet's supervision. */
export const UDP_RECEIVE_BUFFER_BYTES = 4 * 1024 * 1024;

export interface TransportOptions {
  host: string;
  /** 0: any free port (tests); TCP and UDP then share the one TCP got. */
  port: number;
  /** A connection with nothing received nor pending for this long is closed. */
  idleTimeoutMs?: number;
  /** Connections open at once; further ones are closed on arrival. */
  maxConnections?: number;
  /** Datagrams being handled at once; further ones are dropped (counted refused). */
  maxUdpInFlight?: number;
  onFrame?: FrameListener;
  /** Where a message refused by the transport itself (too long, too many) is logged. */
  log?: { warn(obj: object, msg: string): void };
}

export interface TransportStatus extends TransportCounters {
  transport: TransportName;
  listening: boolean;
}

/** Port 0: TCP ports tried before giving up when each one's number is taken for UDP. */
const PAIR_ATTEMPTS = 20;

const DEFAULTS = { idleTimeoutMs: 5 * 60_000, maxConnections: 10_000, maxUdpInFlight: 10_000 };

/**
 * One protocol's receiver on one port, TCP and UDP (docs/receivers.md): the transport knows
 * nothing of the protocol beyond splitStream and handle. Nothing a peer sends can make it
 * throw or stall: every socket has its error handler, every buffer its bound, every
 * connection its idle timeout.
 */
export class ReceiverTransport {
  private tcp: Server | null = null;
  private udp: UdpSocket | null = null;
  private readonly connections = new Set<TcpConnection>();
  private udpInFlight = 0;
  private readonly counters = { tcp: emptyCounters(), udp: emptyCounters() };
  private readonly options: Required<Omit<TransportOptions, 'onFrame' | 'log'>> & TransportOptions;
  private boundPort: number | null = null;

  constructor(
    private readonly protocol: ReceiverProtocol,
    options: TransportOptions,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The port both transports listen on, once started. */
  get port(): number | null {
    return this.boundPort;
  }

  async start(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.listen();
      } catch (err) {
        // Port 0: the number the kernel gave TCP may be another socket's in UDP (a client's,
        // a phone's): another pair is tried. A fixed port fails as it is.
        const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
        if (this.options.port !== 0 || !inUse || attempt >= PAIR_ATTEMPTS) throw err;
      }
    }
  }

  private async listen(): Promise<void> {
    const tcp = createServer({ noDelay: true }, (socket) => this.accept(socket));
    tcp.maxConnections = this.options.maxConnections;
    // A listening error after start (rare) must not crash the process.
    tcp.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen({ host: this.options.host, port: this.options.port }, () => {
        tcp.off('error', reject);
        resolve();
      });
    });
    this.tcp = tcp;
    const address = tcp.address();
    const port = typeof address === 'object' && address ? address.port : this.options.port;
    try {
      this.udp = await this.bindUdp(port);
    } catch (err) {
      await this.stop();
      throw err;
    }
    this.boundPort = port;
  }

  /** The UDP socket's receive buffer as the kernel granted it (bytes). */
  get udpReceiveBufferBytes(): number | null {
    try {
      return this.udp?.getRecvBufferSize() ?? null;
    } catch {
      return null;
    }
  }

  private async bindUdp(port: number): Promise<UdpSocket> {
    // The kernel's default receive buffer (about 208 KB on Linux) holds a fraction of a second
    // of a fleet's supervision: a pause of the process (a collection, a burst of alarms)
    // and the kernel drops datagrams nobody ever sees (docs/receivers.md, "The transport"). Asked
    // for more; the kernel caps it at net.core.rmem_max.
    const udp = createSocket({
      type: isIPv6(this.options.host) ? 'udp6' : 'udp4',
      recvBufferSize: UDP_RECEIVE_BUFFER_BYTES,
    });
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind({ address: this.options.host, port }, () => {
        udp.off('error', reject);
        resolve();
      });
    });
    udp.on('error', () => undefined);
    udp.on('message', (message, peer) => void this.datagram(udp, message, peer.address, peer.port));
    return udp;
  }

  private accept(socket: Socket): void {
    const connection = new TcpConnection(socket, this.protocol, this.options.idleTimeoutMs, {
      onAnswer: (answer) => this.count('tcp', answer),
      onOverflow: () =>
        this.refuse(
          'tcp',
          `a message longer than ${this.protocol.maxMessageBytes} bytes: connection closed`,
        ),
    });
    this.connections.add(connection);
    socket.on('close', () => this.connections.delete(connection));
  }

  private async datagram(udp: UdpSocket, message: Buffer, address: string, port: number) {
    if (message.length > this.protocol.maxMessageBytes)
      return this.refuse('udp', 'datagram too long');
    if (this.udpInFlight >= this.options.maxUdpInFlight)
      return this.refuse('udp', 'too many datagrams in flight');
    this.udpInFlight += 1;
    let answer: ReceiverAnswer;
    try {
      answer = await this.protocol.handle(message, 'udp');
    } catch {
      answer = { bytes: null, refused: true };
    } finally {
      this.udpInFlight -= 1;
    }
    this.count('udp', answer);
    if (answer.bytes && this.udp === udp) udp.send(answer.bytes, port, address, () => undefined);
  }

  private refuse(transport: TransportName, reason: string): void {
    this.options.log?.warn(
      { protocol: this.protocol.name, transport, reason },
      `${this.protocol.name} message refused: ${reason}`,
    );
    this.count(transport, { bytes: null, refused: true });
  }

  private count(transport: TransportName, answer: ReceiverAnswer): void {
    countFrame(this.counters[transport], answer.refused);
    this.options.onFrame?.(transport, answer.refused ? 'refused' : 'accepted');
  }

  /** One entry per transport: listening, frames, refused, lastFrameAt. */
  status(): TransportStatus[] {
    return (['tcp', 'udp'] as const).map((transport) => ({
      transport,
      listening: transport === 'tcp' ? Boolean(this.tcp?.listening) : this.udp !== null,
      ...this.counters[transport],
    }));
  }

  /** Open TCP connections (tests, the status). */
  get connectionCount(): number {
    return this.connections.size;
  }

  async stop(): Promise<void> {
    const tcp = this.tcp;
    const udp = this.udp;
    this.tcp = null;
    this.udp = null;
    this.boundPort = null;
    for (const connection of this.connections) connection.close();
    this.connections.clear();
    if (udp) await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (tcp) await new Promise<void>((resolve) => tcp.close(() => resolve()));
  }
}

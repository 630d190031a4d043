import type { ReceiverStatus } from '@sos/contract';
import { RECEIVER_PROTOCOLS } from '@sos/contract';
import type { FrameListener } from './counters.js';
import type { ReceiverProtocol } from './signal.js';
import { ReceiverTransport, type TransportOptions } from './transport.js';

type Protocol = (typeof RECEIVER_PROTOCOLS)[number];

/** One protocol to start: its port (unset: off) and how to build it once the sink exists. */
interface ReceiverConfig {
  protocol: Protocol;
  port: number | undefined;
  /** Only encrypted frames are taken (DC-09 with a key). */
  encrypted?: boolean;
  create?: () => ReceiverProtocol;
}

export interface ReceiversOptions {
  host: string;
  configs: ReceiverConfig[];
  onFrame?: (protocol: Protocol, ...rest: Parameters<FrameListener>) => void;
  log?: TransportOptions['log'];
}

/**
 * The alarm receivers of this process: each configured protocol on its port, TCP and UDP.
 * A protocol whose port is unset (or not wired yet) is listed off: port null, not listening.
 */
export class Receivers {
  private readonly running = new Map<Protocol, ReceiverTransport>();

  constructor(private readonly options: ReceiversOptions) {}

  async start(): Promise<void> {
    for (const config of this.options.configs) {
      if (config.port === undefined || !config.create) continue;
      const transport = new ReceiverTransport(config.create(), {
        host: this.options.host,
        port: config.port,
        onFrame: (transport, result) => this.options.onFrame?.(config.protocol, transport, result),
        ...(this.options.log ? { log: this.options.log } : {}),
      });
      await transport.start();
      this.running.set(config.protocol, transport);
    }
  }

  /** The port a protocol listens on (the one chosen when configured as 0), or null. */
  port(protocol: Protocol): number | null {
    return this.running.get(protocol)?.port ?? null;
  }

  status(): ReceiverStatus[] {
    return RECEIVER_PROTOCOLS.flatMap((protocol) => {
      const transport = this.running.get(protocol);
      const config = this.options.configs.find((c) => c.protocol === protocol);
      const port = transport?.port ?? null;
      const entries = transport?.status() ?? [
        { transport: 'tcp' as const, listening: false, frames: 0, refused: 0, lastFrameAt: null },
        { transport: 'udp' as const, listening: false, frames: 0, refused: 0, lastFrameAt: null },
      ];
      return entries.map((entry) => ({
        protocol,
        transport: entry.transport,
        port,
        listening: entry.listening,
        encrypted: transport !== undefined && config?.encrypted === true,
        frames: entry.frames,
        refused: entry.refused,
        lastFrameAt: entry.lastFrameAt?.toISOString() ?? null,
      }));
    });
  }

  async stop(): Promise<void> {
    const transports = [...this.running.values()];
    this.running.clear();
    await Promise.all(transports.map((t) => t.stop()));
  }
}

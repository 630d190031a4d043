import type { FastifyBaseLogger } from 'fastify';
import { createDc09Protocol } from '../../../src/receivers/dc09/protocol.js';
import { ReceiverTransport } from '../../../src/receivers/transport.js';
import type { ReceivedMessage, SignalSink } from '../../../src/receivers/signal.js';

/**
 * A sink for the protocol's own tests (the real one commits to the database): it records
 * what it accepts; `hold` keeps the next accepts pending until released; `fail` rejects.
 */
export class RecordingSink implements SignalSink {
  accepted: ReceivedMessage[] = [];
  fail = false;
  hold = false;
  private held: (() => void)[] = [];
  private waiting: (() => void)[] = [];
  calls = 0;

  async accept(message: ReceivedMessage): Promise<'committed' | 'repeat'> {
    this.calls += 1;
    for (const w of this.waiting.splice(0)) w();
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    if (this.fail) throw new Error('database down');
    this.accepted.push(message);
    return 'committed';
  }

  /** Resolves once accept has been called `n` times in all. */
  async called(n: number): Promise<void> {
    while (this.calls < n) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    this.hold = false;
    for (const r of this.held.splice(0)) r();
  }
}

/** Log lines as objects, to check what a refused frame writes (and what it never writes). */
function recordingLog(): FastifyBaseLogger & {
  lines: { level: string; obj: unknown; msg: unknown }[];
} {
  const lines: { level: string; obj: unknown; msg: unknown }[] = [];
  const at = (level: string) => (obj: unknown, msg?: unknown) =>
    void lines.push({ level, obj, msg });
  const log = {
    lines,
    level: 'trace',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => undefined,
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger & { lines: typeof lines };
}

export async function startDc09(options: {
  key: string | null;
  now: () => Date;
  sink?: RecordingSink;
}) {
  const sink = options.sink ?? new RecordingSink();
  const log = recordingLog();
  const protocol = createDc09Protocol({
    key: options.key ? Buffer.from(options.key, 'hex') : null,
    sink,
    log,
    now: options.now,
  });
  const transport = new ReceiverTransport(protocol, { host: '127.0.0.1', port: 0 });
  await transport.start();
  return { sink, log, transport, port: transport.port! };
}

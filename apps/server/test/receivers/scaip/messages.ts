import type { ReceivedMessage, SignalSink } from '../../../src/receivers/signal.js';
import { SinkUnavailableError } from '../../../src/receivers/signal.js';

/** Builds what a SCAIP unit sends, for the tests: an `<mrq>` and the SIP MESSAGE around it. */

export function mrq(fields: Record<string, string>, extra = ''): string {
  const body = Object.entries(fields)
    .map(([tag, value]) => `<${tag}>${value}</${tag}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><mrq>${body}${extra}</mrq>`;
}

export interface SipOptions {
  method?: string;
  branch?: string;
  callId?: string;
  contentType?: string | null;
  /** Leave out Content-Length (as a UDP unit may). */
  noLength?: boolean;
  cseq?: number;
}

let counter = 0;

export function sipMessage(body: string, options: SipOptions = {}): Buffer {
  counter += 1;
  const method = options.method ?? 'MESSAGE';
  const bytes = Buffer.from(body, 'utf8');
  const lines = [
    `${method} sip:alarm@centre.example SIP/2.0`,
    `Via: SIP/2.0/UDP 192.0.2.10:5060;branch=${options.branch ?? `z9hG4bK-test-${counter}`}`,
    'Max-Forwards: 70',
    'From: <sip:unit-1@192.0.2.10>;tag=u1',
    'To: <sip:alarm@centre.example>',
    `Call-ID: ${options.callId ?? `call-${counter}@192.0.2.10`}`,
    `CSeq: ${options.cseq ?? 1} ${method}`,
  ];
  if (options.contentType !== null && bytes.length > 0)
    lines.push(`Content-Type: ${options.contentType ?? 'application/scaip+xml'}`);
  if (!options.noLength) lines.push(`Content-Length: ${bytes.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), bytes]);
}

/** A sink that records what it is given; `down` makes it fail as an unreachable database. */
export class RecordingSink implements SignalSink {
  readonly accepted: ReceivedMessage[] = [];
  down = false;
  private readonly seen = new Set<string>();

  accept(message: ReceivedMessage): Promise<'committed' | 'repeat'> {
    if (this.down) return Promise.reject(new SinkUnavailableError());
    this.accepted.push(message);
    const key = `${message.serial}|${message.repeatKey}`;
    if (this.seen.has(key)) return Promise.resolve('repeat');
    this.seen.add(key);
    return Promise.resolve('committed');
  }
}

/** The status line and the `<snu>` of an answer. */
export function readAnswer(bytes: Buffer | null): {
  status: string;
  snu: string | null;
  text: string;
} {
  const text = bytes?.toString('utf8') ?? '';
  return {
    status: text.split('\r\n')[0] ?? '',
    snu: /<snu>(\d+)<\/snu>/.exec(text)?.[1] ?? null,
    text,
  };
}

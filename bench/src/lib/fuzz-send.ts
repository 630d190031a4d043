import type { Agent } from 'undici';
import { request } from 'undici';
import type { FuzzRequest } from './openapi-fuzz.js';

/** How long a live stream is read for its first events before the fuzzer hangs up. */
const STREAM_READ_MS = 1_500;

export interface Answer {
  status: number;
  type: string;
  text: string;
  /** Live streams: how many events (or keep-alive comments) arrived before hanging up. */
  streamMessages?: number;
}

/** Sends one call; a live stream is read for its first events, then closed. */
export async function send(
  agent: Agent,
  base: string,
  call: FuzzRequest,
  headers: Record<string, string>,
): Promise<Answer> {
  const query = new URLSearchParams(call.query).toString();
  const body =
    call.body === undefined
      ? undefined
      : 'raw' in call.body
        ? call.body.raw
        : JSON.stringify(call.body.json);
  const res = await request(`${base}${call.path}${query ? `?${query}` : ''}`, {
    method: call.method as 'GET',
    dispatcher: agent,
    headers: {
      ...call.headers,
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('text/event-stream'))
    return { status: res.statusCode, type, text: '', streamMessages: await readStream(res.body) };
  return { status: res.statusCode, type, text: await res.body.text() };
}

/** Counts the messages (blank-line separated blocks) a stream sends within STREAM_READ_MS. */
async function readStream(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<number> {
  let text = '';
  const timer = setTimeout(() => body.destroy(), STREAM_READ_MS);
  try {
    for await (const chunk of body) text += chunk.toString('utf8');
  } catch {
    // destroyed by the timer: the read is over
  } finally {
    clearTimeout(timer);
  }
  return text.split('\n\n').filter((block) => block.trim() !== '').length;
}

/** A 4xx body the contract promises: {statusCode, error, message, code}. */
export const isErrorBody = (text: string) => {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return (
      typeof body.statusCode === 'number' &&
      typeof body.error === 'string' &&
      typeof body.message === 'string' &&
      typeof body.code === 'string' &&
      body.code !== ''
    );
  } catch {
    return false;
  }
};

/** Answers per operation ("METHOD /template"), by status class. */
export class Tally {
  readonly byOperation = new Map<string, { calls: number; s2: number; s4: number; s5: number }>();
  readonly byStatus = new Map<number, number>();
  /** Per operation, its 4xx answers by status and error code ("400 VALIDATION_ERROR"). */
  readonly refusals = new Map<string, Map<string, number>>();
  streamsRead = 0;
  streamMessages = 0;

  add(operation: string, answer: Answer) {
    const row = this.byOperation.get(operation) ?? { calls: 0, s2: 0, s4: 0, s5: 0 };
    row.calls++;
    if (answer.status >= 200 && answer.status < 300) row.s2++;
    else if (answer.status >= 400 && answer.status < 500) {
      row.s4++;
      const code = /"code":"([A-Z_]+)"/.exec(answer.text)?.[1] ?? '?';
      const refusals = this.refusals.get(operation) ?? new Map<string, number>();
      this.refusals.set(operation, refusals);
      const key = `${answer.status} ${code}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    } else if (answer.status >= 500) row.s5++;
    this.byOperation.set(operation, row);
    this.byStatus.set(answer.status, (this.byStatus.get(answer.status) ?? 0) + 1);
    if (answer.streamMessages !== undefined) {
      this.streamsRead++;
      this.streamMessages += answer.streamMessages;
    }
  }

  /** Operations that were called but never answered 2xx. */
  without2xx(): string[] {
    return [...this.byOperation].filter(([, row]) => row.s2 === 0).map(([op]) => op);
  }

  /** An operation's 4xx answers, most frequent first: "400 VALIDATION_ERROR ×12, …". */
  refusalsOf(operation: string): string {
    return [...(this.refusals.get(operation) ?? [])]
      .sort(([, a], [, b]) => b - a)
      .map(([key, n]) => `${key} ×${n}`)
      .join(', ');
  }
}

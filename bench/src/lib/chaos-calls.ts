/**
 * The chaos bench's calls (benches/chaos.ts): each HTTP call ends in a status or in why none
 * came, tallied, so a kill in the middle of a call is counted rather than thrown.
 */
import { createServer } from 'node:net';
import { type Agent, request } from 'undici';

export interface Tally {
  sent: number;
  /** Ids of the SOS a 2xx answered with. */
  acknowledged: Set<number>;
  /** How each call ended: its status code, or why none came (noAnswer). */
  answers: Map<string, number>;
}

export const newTally = (): Tally => ({ sent: 0, acknowledged: new Set(), answers: new Map() });
export const tallyAnswer = (tally: Tally, outcome: string) =>
  tally.answers.set(outcome, (tally.answers.get(outcome) ?? 0) + 1);
/** Why a call got no status: the server was down, died under it, or was too slow. */
const noAnswer = (error: unknown): string => {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'timeout';
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') return 'cut';
  return code || 'no answer';
};

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * One HTTP call that never throws: status 0 when the server is down or the call died;
 * `outcome` is the status code, or why none came.
 */
export async function attempt(
  agent: Agent,
  method: 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  try {
    const res = await request(url, {
      method,
      dispatcher: agent,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    const text = await res.body.text();
    const id = (JSON.parse(text || '{}') as { id?: number }).id;
    return { status: res.statusCode, id, outcome: String(res.statusCode) };
  } catch (error) {
    return { status: 0, id: undefined, outcome: noAnswer(error) };
  }
}

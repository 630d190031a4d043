import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** An answer as a client on the network saw it. */
export interface NetResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** ms from sending the request to the end of the answer. */
  ms: number;
  json<T = { code?: string; message?: string }>(): T;
}

export interface NetRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON (content-type set) unless a string. */
  body?: unknown;
  /**
   * The client's own address: every 127.0.0.x is this machine, so each one plays another
   * client (another office, another attacker) against the same server.
   */
  from?: string;
}

/** Listens on a free loopback port; returns the base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** One HTTP request over a real socket, from `from` (default 127.0.0.1). */
export function send(base: string, req: NetRequest): Promise<NetResponse> {
  const url = new URL(req.path, base);
  const headers: Record<string, string> = { ...req.headers };
  let payload: string | undefined;
  if (req.body !== undefined) {
    payload = typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
    headers['content-type'] ??= 'application/json';
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: req.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers,
        localAddress: req.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            ms: performance.now() - started,
            json: <T>() => JSON.parse(body) as T,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Retry-After as a whole number of seconds (NaN when absent). */
export const retryAfter = (res: NetResponse): number => Number(res.headers['retry-after']);

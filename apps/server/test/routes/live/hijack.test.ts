import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHijackedStream } from '../../../src/routes/live/hijack.js';
import { openSse, type SseStream } from '../../live/sse-client.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * A live stream lives for hours: what its request keeps is kept that long, 10,000 times over
 * (bench fan-out-10k). The stream must keep only its socket and node's response.
 */
describe('openHijackedStream', () => {
  const app = Fastify({ logger: { level: 'silent' } });
  let request: WeakRef<FastifyRequest> | undefined;
  let reply: WeakRef<FastifyReply> | undefined;
  let raw: ServerResponse | undefined;
  let stream: SseStream;

  beforeAll(async () => {
    app.addHook('onRequest', (_req, rep, done) => {
      rep.header('x-content-type-options', 'nosniff');
      rep.raw.setHeader('x-set-on-node', 'yes');
      done();
    });
    app.get('/stream', (req, rep) => {
      request = new WeakRef(req);
      reply = new WeakRef(rep);
      raw = openHijackedStream(req, rep, { 'content-type': 'text/event-stream' });
      raw.write(': open\n\n');
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    stream = await openSse(`${url}/stream`);
  });
  afterAll(async () => {
    stream.close();
    await app.close();
  });

  it('writes the head with the headers set on Fastify, on node and given', () => {
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.headers.get('x-set-on-node')).toBe('yes');
  });

  it('lets the Fastify request and reply go while the stream stays open', async () => {
    await stream.waitUntil(() => stream.comments.length > 0, 'the first comment');
    // No deref() before the collections: it would keep its target alive until the job ends.
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      gc();
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(request?.deref()).toBeUndefined();
    expect(reply?.deref()).toBeUndefined();
    // node keeps no copy of the headers, and the stream still carries what is written.
    expect(raw!.getHeaderNames()).toEqual([]);
    raw!.write(': still here\n\n');
    await stream.waitUntil(() => stream.comments.includes('still here'), 'a later comment');
  });
});

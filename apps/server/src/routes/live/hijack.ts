import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/*
 * A live stream lives for hours, so what a request keeps until its response finishes is
 * kept for hours too: at 10,000 streams every KiB is 10 MB (bench fan-out-10k, its
 * 400 MB target on the embedded database). Measured per stream with heap snapshots, what
 * this file releases: Fastify's request, reply and per-request logger (~1.5 KiB), node's
 * copy of the headers as a dictionary of [name, value] arrays (~2.5 KiB) and the response
 * head as ~70 cons-string nodes (~2.3 KiB): 19.1 → ~12 KiB a stream.
 */

/** What Fastify hangs on a socket while a request runs (its handler timeout). */
interface FastifySocketMeta {
  request?: unknown;
  onTimeout?: (...args: unknown[]) => void;
}
type Listener = (...args: unknown[]) => void;
type RawResponse = ServerResponse & { _header?: unknown } & Record<symbol, unknown>;

/** Hijacks the reply, writes the stream's head with Fastify's headers (helmet's) and `headers`. */
export function openHijackedStream(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: OutgoingHttpHeaders,
): ServerResponse {
  reply.hijack();
  const raw = reply.raw as RawResponse;
  const head: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) head[name] = value;
  }
  forgetStoredHeaders(raw);
  raw.writeHead(200, { ...head, ...headers });
  // node:http concatenates the head line by line and keeps the result: keep a flat copy.
  if (typeof raw._header === 'string')
    raw._header = Buffer.from(raw._header, 'latin1').toString('latin1');
  detachFromFastify(request, raw);
  return raw;
}

/**
 * Headers set on the raw response are kept by node for the response's life; with none stored
 * (the collection null, not merely empty: writeHead then stores what it is given too), writeHead
 * writes the ones it is given and keeps none. Our own plugins set theirs on Fastify's reply,
 * which is released; this covers any that sets them on node's (the test sets one there).
 */
function forgetStoredHeaders(raw: RawResponse) {
  const stored = Object.getOwnPropertySymbols(raw).find((s) => s.description === 'kOutHeaders');
  if (stored !== undefined) raw[stored] = null;
}

/**
 * Fastify keeps the request until the response finishes, for the completion log and the
 * onResponse hooks, which have nothing to say about an endless stream: its listeners are
 * removed as its own completion would remove them.
 */
function detachFromFastify(request: FastifyRequest, raw: ServerResponse) {
  for (const event of ['finish', 'error'] as const) {
    for (const listener of raw.listeners(event) as Listener[]) {
      if (listener.name === 'onResFinished') raw.removeListener(event, listener);
    }
  }
  const socket = request.raw.socket as (Socket & { _meta?: FastifySocketMeta | null }) | null;
  const meta = socket?._meta;
  if (socket && meta && meta.request === request) {
    if (meta.onTimeout) socket.removeListener('timeout', meta.onTimeout);
    socket._meta = null;
  }
}

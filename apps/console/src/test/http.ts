import { vi } from 'vitest';

/** A JSON answer, as the server sends it. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

type Handler = (request: Request) => Response | Promise<Response>;

let shimmed = false;
/**
 * jsdom has no fetch; Node's Request refuses relative URLs such as '/api/employee'
 * (RTK Query builds a Request before calling fetch). Resolve them against the page URL.
 */
function shimRequest() {
  if (shimmed) return;
  shimmed = true;
  const NodeRequest = globalThis.Request;
  globalThis.Request = class extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, location.href) : input, init);
    }
  } as typeof Request;
}

/** Replaces fetch by a spy that answers with `handler`; returns the spy. */
export function stubFetch(handler: Handler) {
  shimRequest();
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(input instanceof Request ? input : new Request(input, init)),
  );
  // These screens' server has voice off: the signed-in layout's one credentials request
  // (docs/voice.md) is answered here, outside the calls each test counts, as are the sounds
  // the console keeps from sign-in on (widgets/audio/audioRuntime.ts).
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === VOICE_CREDENTIALS) return json(404, { statusCode: 404, code: 'VOICE_DISABLED' });
    if (SOUNDS.includes(path))
      return new Response(new Uint8Array(4), { headers: { 'content-type': 'audio/mpeg' } });
    return spy(input, init);
  }) as typeof fetch;
  return spy;
}

const VOICE_CREDENTIALS = '/api/voice/credentials';
const SOUNDS = ['/alarm.mp3', '/chime.mp3'];

/** "METHOD /path?query" of every call the spy received. */
export async function callsOf(spy: ReturnType<typeof stubFetch>): Promise<string[]> {
  return spy.mock.calls.map(([input, init]) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    return `${request.method} ${url.pathname}${url.search}`;
  });
}

/** A 404 for anything a test did not expect: a loud failure, not a hang. */
export const notFound = (request: Request) =>
  json(404, { statusCode: 404, error: 'Not Found', message: request.url, code: 'NOT_FOUND' });

/** A small server-sent-events reader over fetch, for tests of the live stream. */
interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Events dispatched so far (blocks with data), in order. */
  events: SseEvent[];
  comments: string[];
  retries: number[];
  /** The last id seen, as a browser would keep it (id-only blocks included). */
  lastEventId: string | undefined;
  /** Set once the server ended the response (or the connection broke). */
  ended: boolean;
  /** Resolves when the response is over. */
  done: Promise<void>;
  /** Waits until `count` events have arrived (fails after `timeoutMs`). */
  waitForEvents(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  waitForEnd(timeoutMs?: number): Promise<void>;
  /** Waits until `check` holds (re-checked on every chunk). */
  waitUntil(check: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** JSON body when the server refused the stream. */
  json(): Promise<unknown>;
  close(): void;
}

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    events: [],
    comments: [],
    retries: [],
    lastEventId: undefined,
    ended: false,
    done: Promise.resolve(),
    waitForEvents: async (count, timeoutMs) => {
      await stream.waitUntil(() => stream.events.length >= count, `${count} events`, timeoutMs);
      return stream.events.slice(0, count);
    },
    waitForEnd: (timeoutMs) =>
      stream.waitUntil(() => stream.ended, 'the end of the stream', timeoutMs),
    waitUntil: (check, what, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const waiter = () => {
          if (!check()) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(stream.events)}`));
        }, timeoutMs);
        waiters.add(waiter);
        waiter();
      }),
    json: () => res.json(),
    close: () => controller.abort(),
  };
  if (!res.ok || !res.body) return stream;

  let buffer = '';
  let block: { id?: string; event?: string; data: string[] } = { data: [] };
  const onLine = (line: string) => {
    if (line === '') {
      if (block.id !== undefined) stream.lastEventId = block.id;
      if (block.data.length > 0 && !(block.data.length === 1 && block.data[0] === '')) {
        stream.events.push({
          id: block.id,
          event: block.event ?? 'message',
          data: block.data.join('\n'),
        });
      }
      block = { data: [] };
      return;
    }
    if (line.startsWith(':')) return void stream.comments.push(line.slice(1).trim());
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') block.id = value;
    else if (field === 'event') block.event = value;
    else if (field === 'data') block.data.push(value);
    else if (field === 'retry') stream.retries.push(Number(value));
  };
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.done = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let newline: number;
        while ((newline = buffer.indexOf('\n')) !== -1) {
          onLine(buffer.slice(0, newline).replace(/\r$/, ''));
          buffer = buffer.slice(newline + 1);
        }
        notify();
      }
    } catch {
      // aborted by close(), or the server cut the connection
    } finally {
      stream.ended = true;
      notify();
    }
  })();
  return stream;
}

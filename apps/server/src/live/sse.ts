/**
 * The text/event-stream wire format. A frame is encoded once into a Buffer and that same
 * Buffer is written to every stream: fan-out costs no per-client serialization.
 */
export interface Frame {
  readonly id: number;
  readonly bytes: Buffer;
}

/** Reconnection delay suggested to clients when a stream opens. */
const RETRY_MS = 2000;
/** Shorter delay when this process shuts down: clients resume on another one quickly. */
const SHUTDOWN_RETRY_MS = 1000;

const singleLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

export function eventFrame(id: number, type: string, data: string): Frame {
  // JSON.stringify never writes a raw line break; the split only guards hand-written rows.
  const lines = data.includes('\n') || data.includes('\r') ? data.split(/\r\n|\r|\n/) : [data];
  const body = lines.map((line) => `data: ${line}\n`).join('');
  return { id, bytes: Buffer.from(`id: ${id}\nevent: ${singleLine(type)}\n${body}\n`) };
}

export const KEEPALIVE = Buffer.from(': keep-alive\n\n');
export const OPENING = Buffer.from(`retry: ${RETRY_MS}\n: sos live stream\n\n`);
export const SHUTDOWN = Buffer.from(`retry: ${SHUTDOWN_RETRY_MS}\n: server shutting down\n\n`);

/**
 * Gives a client that arrived without Last-Event-ID its resume position. An empty data
 * line sets the last event id without dispatching an event in browsers (WHATWG
 * "dispatch the event" step 1-2); the eventsource package dispatches a 'message' with
 * empty data, which clients listening to named events ignore.
 */
export function cursorBlock(id: number): Buffer {
  return Buffer.from(`id: ${id}\ndata:\n\n`);
}

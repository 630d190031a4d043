/**
 * A minimal text/event-stream parser (WHATWG field rules for id, event and data; comments
 * and retry ignored): the load generators parse thousands of streams, so it does no more
 * than finding blank-line-terminated blocks in the decoded text.
 */
/** The SOS id of an SOS event: the server writes its JSON with `id` first (`{"id":…`). */
export function sosIdOf(data: string): number | undefined {
  const id = /^\{"id":(\d+)/.exec(data)?.[1];
  return id === undefined ? undefined : Number(id);
}

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export class SseParser {
  private buffer = '';

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  feed(chunk: string) {
    let text = this.buffer + chunk;
    if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
    let start = 0;
    for (let end = text.indexOf('\n\n', start); end !== -1; end = text.indexOf('\n\n', start)) {
      this.block(text.slice(start, end));
      start = end + 2;
    }
    this.buffer = text.slice(start);
  }

  private block(block: string) {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    // A block without data dispatches nothing (it may still carry an id).
    if (data.length > 0) this.onEvent({ id, event, data: data.join('\n') });
  }
}

import { randomBytes } from 'node:crypto';

/**
 * The little of SIP (RFC 3261) a SCAIP receiver needs: parse a request, frame a TCP stream,
 * build a response (docs/scaip.md). No dialogs, no proxying, no authentication: we are
 * the far end of a MESSAGE or OPTIONS transaction and nothing else.
 */

/** A whole message never exceeds this (a UDP datagram's limit; SCAIP messages are < 2 KiB). */
export const SIP_MAX_MESSAGE_BYTES = 65_507;
/** Start line plus headers: beyond this without the blank line, a stream is not SIP. */
const SIP_MAX_HEADER_BYTES = 16_384;
const MAX_HEADERS = 100;

/** RFC 3261 §7.3.3's compact forms, and the long names we print in responses. */
const COMPACT = new Map([
  ['v', 'via'],
  ['f', 'from'],
  ['t', 'to'],
  ['i', 'call-id'],
  ['l', 'content-length'],
  ['c', 'content-type'],
  ['m', 'contact'],
  ['k', 'supported'],
  ['s', 'subject'],
  ['e', 'content-encoding'],
]);

export interface SipRequest {
  method: string;
  uri: string;
  /** Lower-case long names → values in order (folded lines joined, compact names expanded). */
  headers: Map<string, string[]>;
  body: Buffer;
}

export type SipParse =
  | { kind: 'request'; request: SipRequest }
  /** A response, a keep-alive, or bytes that are no SIP at all: nothing to answer. */
  | { kind: 'ignored' }
  /** A request we can answer (it has Via, From, To, Call-ID, CSeq) but must refuse with 400. */
  | { kind: 'bad'; request: SipRequest; reason: string };

const TOKEN = /^[A-Za-z0-9.!%*_+`'~-]+$/;

/**
 * Index just past the blank line that ends the headers (CRLF CRLF, or bare LF LF), or -1.
 * Two native searches, not a loop over lines: a TCP stream calls this on every chunk it
 * receives, and a peer sending short lines a byte at a time must not cost a JS loop per line.
 */
function headerEnd(bytes: Buffer, from: number, limit: number): number {
  const crlf = bytes.indexOf('\r\n\r\n', from);
  const lf = bytes.indexOf('\n\n', from);
  let end = crlf < 0 ? -1 : crlf + 4;
  if (lf >= 0 && (end < 0 || lf + 2 < end)) end = lf + 2;
  return end >= 0 && end - from <= limit ? end : -1;
}

/** Skips the CRLFs a client may send between messages (RFC 5626 keep-alives). */
function skipBlankLines(bytes: Buffer, from: number): number {
  let i = from;
  while (i < bytes.length && (bytes[i] === 0x0d || bytes[i] === 0x0a)) i += 1;
  return i;
}

interface HeaderBlock {
  startLine: string;
  headers: Map<string, string[]>;
}

/**
 * Start line and headers; folded lines (leading space or tab) continue the previous header.
 * One pass, no intermediate arrays: this runs for every message of a fleet's supervision.
 */
function parseHeaderBlock(text: string): HeaderBlock | null {
  const lines = text.split('\n');
  const startLine = lines[0]?.trim() ?? '';
  const headers = new Map<string, string[]>();
  let last: string[] | null = null;
  let count = 0;
  for (let i = 1; i < lines.length; i += 1) {
    const raw = lines[i] ?? '';
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') continue;
    const first = line.charCodeAt(0);
    if (first === 0x20 || first === 0x09) {
      if (!last) return null;
      last[last.length - 1] = `${last[last.length - 1] ?? ''} ${line.trim()}`.trim();
      continue;
    }
    count += 1;
    const colon = line.indexOf(':');
    if (count > MAX_HEADERS || colon <= 0) return null;
    const written = line.slice(0, colon).trim().toLowerCase();
    if (!TOKEN.test(written)) return null;
    const name = COMPACT.get(written) ?? written;
    last = headers.get(name) ?? null;
    if (!last) headers.set(name, (last = []));
    last.push(line.slice(colon + 1).trim());
  }
  return { startLine, headers };
}

/** Content-Length as a number, null when absent, 'invalid' when unreadable or repeated differently. */
function contentLength(headers: Map<string, string[]>): number | null | 'invalid' {
  const values = headers.get('content-length');
  if (!values) return null;
  const distinct = new Set(values);
  const [only] = [...distinct];
  if (distinct.size !== 1 || only === undefined || !/^\d{1,9}$/.test(only)) return 'invalid';
  return Number(only);
}

/**
 * TCP framing: every complete message in what a connection buffered, and the rest. 'close'
 * when the stream cannot become a message within the limits (headers without an end, a
 * length over the limit, an unreadable Content-Length): resynchronising a byte stream after
 * that is guesswork, and the client reconnects.
 */
export function splitSipStream(
  buffered: Buffer,
  maxMessageBytes = SIP_MAX_MESSAGE_BYTES,
): { messages: Buffer[]; rest: Buffer } | 'close' {
  const messages: Buffer[] = [];
  let offset = skipBlankLines(buffered, 0);
  while (offset < buffered.length) {
    const end = headerEnd(buffered, offset, Math.min(SIP_MAX_HEADER_BYTES, maxMessageBytes));
    if (end < 0) {
      if (buffered.length - offset > Math.min(SIP_MAX_HEADER_BYTES, maxMessageBytes))
        return 'close';
      break;
    }
    const block = parseHeaderBlock(buffered.toString('utf8', offset, end));
    const length = block ? contentLength(block.headers) : 'invalid';
    if (length === 'invalid') return 'close';
    // A stream message must carry Content-Length (RFC 3261 §18.3); without it, no body.
    const total = end - offset + (length ?? 0);
    if (total > maxMessageBytes) return 'close';
    if (buffered.length - offset < total) break;
    messages.push(buffered.subarray(offset, offset + total));
    offset = skipBlankLines(buffered, offset + total);
  }
  return { messages, rest: buffered.subarray(offset) };
}

const MANDATORY = ['via', 'from', 'to', 'call-id', 'cseq'] as const;

/**
 * One message (a TCP message from splitSipStream, or a UDP datagram). Over UDP a missing
 * Content-Length means the rest of the datagram; a longer one than the datagram is a 400.
 */
export function parseSipMessage(bytes: Buffer, transport: 'tcp' | 'udp'): SipParse {
  if (bytes.length > SIP_MAX_MESSAGE_BYTES) return { kind: 'ignored' };
  const start = skipBlankLines(bytes, 0);
  let end = headerEnd(bytes, start, SIP_MAX_HEADER_BYTES);
  // A datagram may end right after its last header (no body, no blank line).
  if (end < 0 && transport === 'udp' && bytes.length - start <= SIP_MAX_HEADER_BYTES)
    end = bytes.length;
  if (end < 0 || start >= bytes.length) return { kind: 'ignored' };
  const block = parseHeaderBlock(bytes.toString('utf8', start, end));
  if (!block) return { kind: 'ignored' };
  const match = /^(\S+) (\S+) SIP\/2\.0$/i.exec(block.startLine);
  if (!match?.[1] || !match[2] || !TOKEN.test(match[1])) return { kind: 'ignored' };
  const request: SipRequest = {
    method: match[1].toUpperCase(),
    uri: match[2],
    headers: block.headers,
    body: Buffer.alloc(0),
  };
  if (MANDATORY.some((name) => !block.headers.has(name))) return { kind: 'ignored' };
  if (MANDATORY.slice(1).some((name) => (block.headers.get(name)?.length ?? 0) > 1)) {
    return { kind: 'bad', request, reason: 'Repeated Header' };
  }
  const cseq = /^(\d{1,10})\s+(\S+)$/.exec(header(request, 'cseq') ?? '');
  if (!cseq?.[2] || cseq[2].toUpperCase() !== request.method)
    return { kind: 'bad', request, reason: 'Bad CSeq' };
  const length = contentLength(block.headers);
  if (length === 'invalid') return { kind: 'bad', request, reason: 'Bad Content-Length' };
  const available = bytes.length - end;
  if (length !== null && length > available)
    return { kind: 'bad', request, reason: 'Content-Length Too Large' };
  // Bytes past Content-Length in a datagram are dropped (RFC 3261 §18.3).
  request.body = bytes.subarray(end, end + (length ?? (transport === 'udp' ? available : 0)));
  return { kind: 'request', request };
}

/** The first value of a header (long lower-case name). */
export function header(request: SipRequest, name: string): string | undefined {
  return request.headers.get(name)?.[0];
}

/** Every Via value, comma-separated ones split, top first. */
function vias(request: SipRequest): string[] {
  return (request.headers.get('via') ?? []).flatMap((v) => v.split(',').map((s) => s.trim()));
}

/**
 * What identifies a transaction (RFC 3261 §17.2.3): the top Via's branch with its sent-by and
 * the method; for an RFC 2543 client without the magic cookie, the From tag and top Via.
 * Call-ID and CSeq are added in both cases: a retransmission repeats them, while a unit that
 * wrongly reuses a branch for its next message changes them, so that message is not taken
 * for a retransmission (and lost).
 */
export function transactionKey(request: SipRequest): string {
  const top = vias(request)[0] ?? '';
  const dialog = `${header(request, 'call-id') ?? ''}|${header(request, 'cseq') ?? ''}`;
  const sentBy = /^SIP\s*\/\s*2\.0\s*\/\s*\S+\s+([^;\s]+)/i.exec(top)?.[1] ?? '';
  const branch = /;\s*branch\s*=\s*([^;\s,]+)/i.exec(top)?.[1];
  if (branch?.startsWith('z9hG4bK')) return `${branch}|${sentBy}|${request.method}|${dialog}`;
  const fromTag = /;\s*tag\s*=\s*([^;\s]+)/i.exec(header(request, 'from') ?? '')?.[1] ?? '';
  return `${dialog}|${fromTag}|${top}`;
}

const TAG_BYTES = 6;
let tagPool = Buffer.alloc(0);
let tagAt = 0;

/**
 * A random To tag (RFC 3261 §19.3: at least 32 random bits). Cut from a pool refilled 4 KiB
 * at a time: one call into the system's generator per 680 answers instead of one each.
 */
function randomTag(): string {
  if (tagAt + TAG_BYTES > tagPool.length) {
    tagPool = randomBytes(4096);
    tagAt = 0;
  }
  tagAt += TAG_BYTES;
  return tagPool.toString('hex', tagAt - TAG_BYTES, tagAt);
}

/** To with a tag: ours when the request had none (a response to a dialog-less request). */
function toWithTag(to: string): string {
  const params = to.includes('>') ? to.slice(to.lastIndexOf('>')) : to;
  return /;\s*tag\s*=/i.test(params) ? to : `${to};tag=${randomTag()}`;
}

export interface SipResponseParts {
  extraHeaders?: [string, string][];
  contentType?: string;
  body?: Buffer;
}

/** A response to `request`: its Vias, From, To (tagged), Call-ID and CSeq, then ours. */
export function buildSipResponse(
  request: SipRequest,
  status: number,
  reason: string,
  parts: SipResponseParts = {},
): Buffer {
  const body = parts.body ?? Buffer.alloc(0);
  const lines = [`SIP/2.0 ${status} ${reason}`];
  for (const via of request.headers.get('via') ?? []) lines.push(`Via: ${via}`);
  lines.push(`From: ${header(request, 'from') ?? ''}`);
  lines.push(`To: ${toWithTag(header(request, 'to') ?? '')}`);
  lines.push(`Call-ID: ${header(request, 'call-id') ?? ''}`);
  lines.push(`CSeq: ${header(request, 'cseq') ?? ''}`);
  for (const [name, value] of parts.extraHeaders ?? []) lines.push(`${name}: ${value}`);
  if (parts.contentType) lines.push(`Content-Type: ${parts.contentType}`);
  lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]);
}

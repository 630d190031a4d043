import { createHash, randomBytes } from 'node:crypto';

/**
 * The little of SIP (RFC 3261) the voice bench's units and operators speak: parse a message,
 * answer a request, compute a digest. Headers keep their order; names are compared lowercase.
 */
export interface SipMessage {
  /** `INVITE` etc. for a request; null for a response. */
  method: string | null;
  uri: string;
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

const COMPACT: Record<string, string> = {
  v: 'via',
  f: 'from',
  t: 'to',
  i: 'call-id',
  m: 'contact',
  l: 'content-length',
  c: 'content-type',
};

export function parse(text: string): SipMessage {
  const split = text.indexOf('\r\n\r\n');
  const [first, ...lines] = text.slice(0, split < 0 ? text.length : split).split('\r\n');
  const headers: Array<[string, string]> = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.push([COMPACT[name] ?? name, line.slice(colon + 1).trim()]);
  }
  const parts = first!.split(' ');
  const body = split < 0 ? '' : text.slice(split + 4);
  if (parts[0] === 'SIP/2.0')
    return { method: null, uri: '', status: Number(parts[1]), headers, body };
  return { method: parts[0]!, uri: parts[1]!, status: 0, headers, body };
}

export const header = (m: SipMessage, name: string) => m.headers.find(([n]) => n === name)?.[1];
export const headers = (m: SipMessage, name: string) =>
  m.headers.filter(([n]) => n === name).map(([, v]) => v);
export const tagOf = (value: string | undefined) => /;tag=([^;>\s]+)/.exec(value ?? '')?.[1];
export const uriIn = (value: string) => /<([^>]+)>/.exec(value)?.[1] ?? value.split(';')[0]!;
export const token = () => randomBytes(6).toString('hex');

export function build(startLine: string, lines: Array<[string, string]>, body = ''): string {
  const all = [...lines, ['Content-Length', String(Buffer.byteLength(body))]];
  return `${startLine}\r\n${all.map(([n, v]) => `${n}: ${v}`).join('\r\n')}\r\n\r\n${body}`;
}

/** A response to `request`: its Via, From, Call-ID and CSeq; To with `toTag` when given. */
export function reply(
  request: SipMessage,
  status: number,
  reason: string,
  toTag?: string,
  extra: Array<[string, string]> = [],
  body = '',
): string {
  const to = header(request, 'to')!;
  const lines: Array<[string, string]> = [
    ...headers(request, 'via').map((v): [string, string] => ['Via', v]),
    ...headers(request, 'record-route').map((v): [string, string] => ['Record-Route', v]),
    ['From', header(request, 'from')!],
    ['To', toTag && !tagOf(to) ? `${to};tag=${toTag}` : to],
    ['Call-ID', header(request, 'call-id')!],
    ['CSeq', header(request, 'cseq')!],
    ...extra,
  ];
  return build(`SIP/2.0 ${status} ${reason}`, lines, body);
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** `Authorization` for a 401/407's challenge (RFC 2617, qop auth when offered). */
export function digest(
  challenge: string,
  method: string,
  uri: string,
  user: string,
  password: string,
): string {
  const param = (name: string) => new RegExp(`${name}="?([^",]+)"?`).exec(challenge)?.[1];
  const realm = param('realm')!;
  const nonce = param('nonce')!;
  const ha1 = md5(`${user}:${realm}:${password}`);
  const ha2 = md5(`${method}:${uri}`);
  const base = `username="${user}", realm="${realm}", nonce="${nonce}", uri="${uri}", algorithm=MD5`;
  if (!/qop="?[^"]*auth/.test(challenge))
    return `Digest ${base}, response="${md5(`${ha1}:${nonce}:${ha2}`)}"`;
  const cnonce = token();
  const response = md5(`${ha1}:${nonce}:00000001:${cnonce}:auth:${ha2}`);
  return `Digest ${base}, qop=auth, nc=00000001, cnonce="${cnonce}", response="${response}"`;
}

/** An SDP offer or answer for G.711 µ-law at `address:port`, with RFC 4733 events. */
export function sdp(address: string, port: number): string {
  const id = Date.now();
  return [
    'v=0',
    `o=- ${id} ${id} IN IP4 ${address}`,
    's=-',
    `c=IN IP4 ${address}`,
    't=0 0',
    `m=audio ${port} RTP/AVP 0 101`,
    'a=rtpmap:0 PCMU/8000',
    'a=rtpmap:101 telephone-event/8000',
    'a=sendrecv',
    '',
  ].join('\r\n');
}

/** Where the SDP's audio goes: its c= address and m=audio port. */
export function mediaOf(body: string): { address: string; port: number } | null {
  const address = /c=IN IP4 (\S+)/.exec(body)?.[1];
  const port = /m=audio (\d+)/.exec(body)?.[1];
  return address && port ? { address, port: Number(port) } : null;
}

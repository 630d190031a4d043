/**
 * The outside probe's classes, each with the answer docs/hardening.md documents: a DC-09
 * frame whose data names another account than its header (DUH, nothing filed), device text
 * with bidi overrides and control characters (kept, the text replaced by its code), lone
 * surrogates and control characters in operator text (400 naming the field), and request
 * bodies in another charset than UTF-8 (415).
 */
import { createCipheriv } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { request } from 'undici';
import { apiPath } from '@sos/contract';
import {
  envelope,
  mrqDocument,
  newBranch,
  parseAnswer,
  readAnswer,
  sipMessage,
} from '@sos/simulator';

export interface ProbeCase {
  class: string;
  what: string;
  expected: string;
  got: string;
  ok: boolean;
}

/** Characters no operator may read from a device: bidi overrides, C0 and C1 controls. */
const FORBIDDEN = ['\u202e', '\u0085', '\u001b', '\u0007'];
/**
 * A bidi override or a C1 control is replaced by the code, the message kept (`snu` 0); a raw
 * C0 control is not XML 1.0, so the document is unparsable (`snu` 2) as docs/scaip.md says.
 */
const DEVICE_TEXTS: [string, string][] = [
  ['Camera\u202e moc.live', '0'],
  ['Cucina\u0085', '0'],
  ['a\u001b[31mb', '2'],
  ['Bagno\u0007', '2'],
];

/** An encrypted frame whose data names `inner`, its header `header` (AES-CBC, zero IV). */
function mismatchedFrame(key: Buffer, header: string, inner: string, seq: number): Buffer {
  const plain = Buffer.from(`|#${inner}|1110 01 003]_${utcStamp(new Date())}`, 'latin1');
  const pad = Buffer.alloc(16 - (plain.length % 16), 0x57);
  const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, key, Buffer.alloc(16));
  cipher.setAutoPadding(false);
  const data = Buffer.concat([cipher.update(Buffer.concat([pad, plain])), cipher.final()]);
  const body = `"*ADM-CID"${String(seq).padStart(4, '0')}L0#${header}[${data.toString('hex').toUpperCase()}`;
  return envelope(body);
}

function utcStamp(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())},${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}-${at.getUTCFullYear()}`;
}

/** A datagram, sent again on silence as a unit retransmits (the machine may be loaded). */
async function udp(port: number, bytes: Buffer): Promise<Buffer> {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const answer = await udpOnce(port, bytes, 2000);
    if (answer.length > 0) return answer;
  }
  return Buffer.alloc(0);
}

function udpOnce(port: number, bytes: Buffer, waitMs: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const done = (answer: Buffer) => {
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(Buffer.alloc(0)), waitMs);
    socket.on('message', done);
    socket.on('error', () => done(Buffer.alloc(0)));
    socket.send(bytes, port, '127.0.0.1');
  });
}

/** The open SOS as the live stream's first events carry them: its raw text over 4 s. */
async function liveText(base: string, token: string): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 4000);
  let text = '';
  try {
    const res = await request(`${base}${apiPath('sosRealTime')}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    for await (const chunk of res.body) text += (chunk as Buffer).toString('utf8');
  } catch {
    // Aborted: what came so far is the snapshot.
  } finally {
    clearTimeout(timer);
  }
  return text;
}

const carriesForbidden = (text: string) =>
  FORBIDDEN.some(
    (c) =>
      text.includes(c) ||
      text.toLowerCase().includes(`\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );

export async function probeClasses(
  base: string,
  token: string,
  ports: { DC09: number; SCAIP: number },
  key: Buffer,
): Promise<ProbeCase[]> {
  const cases: ProbeCase[] = [];
  const add = (c: string, what: string, expected: string, got: string) =>
    cases.push({ class: c, what, expected, got, ok: got === expected });

  // DC-09: the account inside an encrypted frame must be the header's.
  for (const [i, [header, inner]] of [
    ['F0F0', 'ABCDEF'],
    ['1234', '12345'],
  ].entries()) {
    const answer = await udp(ports.DC09, mismatchedFrame(key, header!, inner!, 9000 + i));
    const first = answer.subarray(0, answer.indexOf(0x0d) + 1);
    add(
      'DC-09 account mismatch',
      `header #${header}, data #${inner}`,
      'DUH',
      parseAnswer(first, key)?.type ?? 'silence',
    );
  }

  // SCAIP: device text breaking the text rule is replaced by its code; the alarm is kept.
  for (const [i, [dte, snu]] of DEVICE_TEXTS.entries()) {
    const cid = `PROBE${i}`;
    const body = mrqDocument({
      ref: `probe-${i}`,
      cid,
      mty: 'ME',
      dty: '0005',
      stc: '0009',
      did: '1',
      dte,
    });
    const message = sipMessage(
      { host: '127.0.0.1', port: 5060, transport: 'udp' },
      { host: '127.0.0.1', port: 5060, user: cid },
      body,
      newBranch(),
      1,
    );
    const answer = readAnswer(await udp(ports.SCAIP, message));
    add(
      'receiver text',
      `dte ${JSON.stringify(dte)}`,
      `SIP 200 snu ${snu}`,
      `SIP ${answer?.status ?? '?'} snu ${answer?.snu ?? '?'}`,
    );
  }
  const live = await liveText(base, token);
  add(
    'receiver text',
    'open SOS on the live stream',
    'none of the characters',
    live.length === 0
      ? 'no stream'
      : carriesForbidden(live)
        ? 'a character got through'
        : 'none of the characters',
  );

  // Operator text: lone surrogates and control characters, 400 naming the field.
  const json = async (
    method: 'POST' | 'PUT',
    path: string,
    payload: unknown,
    contentType = 'application/json',
  ) => {
    const res = await request(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: JSON.stringify(payload),
    });
    const text = await res.body.text();
    let message = '';
    try {
      message = String((JSON.parse(text) as { message?: unknown }).message ?? '');
    } catch {
      message = text.slice(0, 60);
    }
    return { status: res.statusCode, field: message.split(':')[0] ?? '' };
  };
  const employee = (username: string) => ({
    username,
    email: `probe-${username.length}@example.com`,
    password: 'a-long-passphrase-9',
  });
  const operatorCases: [string, 'POST' | 'PUT', string, unknown, string][] = [
    [
      'lone surrogates',
      'PUT',
      `${apiPath('deviceProfile')}?id=6`,
      { contacts: [{ name: '\ud800' }] },
      'body.contacts.0.name',
    ],
    [
      'lone surrogates',
      'PUT',
      `${apiPath('deviceProfile')}?id=6`,
      { notes: 'ok \udfff' },
      'body.notes',
    ],
    ['lone surrogates', 'POST', apiPath('employee'), employee('x\ud800y'), 'body.username'],
    ['control characters', 'POST', apiPath('employee'), employee('a\u001b[31mb'), 'body.username'],
    [
      'control characters',
      'PUT',
      `${apiPath('deviceProfile')}?id=6`,
      { residentName: 'Anna\u0007' },
      'body.residentName',
    ],
  ];
  for (const [c, method, path, payload, field] of operatorCases) {
    const res = await json(method, path, payload);
    add(
      c,
      `${method} ${path.split('?')[0]} ${JSON.stringify(payload).slice(0, 48)}`,
      `400 ${field}`,
      `${res.status} ${res.field}`,
    );
  }

  // Charsets: only UTF-8 is read.
  for (const charset of ['utf-16', 'bogus', 'ISO-8859-1']) {
    const res = await json(
      'POST',
      apiPath('employee'),
      employee(`charset-${charset}`),
      `application/json; charset=${charset}`,
    );
    add('charsets', `employee body as charset=${charset}`, '415', String(res.status));
  }
  return cases;
}

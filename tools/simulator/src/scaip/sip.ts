import { randomBytes } from 'node:crypto';

/**
 * What a SCAIP local unit puts on the wire: a SIP MESSAGE around an `<mrq>`, and the reading
 * of the answer (status, `<mrs>` snu). Written for the simulator, independently of the
 * server's parser, so the two check each other.
 */

export interface MrqFields {
  ref: string;
  cid: string;
  dty: string;
  mty?: 'ME' | 'RE' | 'IN' | 'PI';
  stc?: string;
  did?: string;
  dco?: string;
  dte?: string;
  /** `<lge><geo>lat,lon</geo></lge>`. */
  geo?: { lat: number; lon: number };
}

const escape = (value: string) =>
  value.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);

export function mrqDocument(fields: MrqFields): string {
  const tags: [string, string | undefined][] = [
    ['ver', '01'],
    ['ref', fields.ref],
    ['mty', fields.mty],
    ['cid', fields.cid],
    ['dty', fields.dty],
    ['did', fields.did],
    ['dco', fields.dco],
    ['dte', fields.dte],
    ['stc', fields.stc],
  ];
  const body = tags
    .filter(([, v]) => v !== undefined)
    .map(([t, v]) => `<${t}>${escape(v ?? '')}</${t}>`)
    .join('');
  const geo = fields.geo ? `<lge><geo>${fields.geo.lat},${fields.geo.lon}</geo></lge>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><mrq>${body}${geo}</mrq>`;
}

export interface SipTarget {
  host: string;
  port: number;
  transport: 'udp' | 'tcp';
}

/** One MESSAGE request; `branch` names the transaction (a retransmission reuses it). */
export function sipMessage(
  target: SipTarget,
  local: { host: string; port: number; user: string },
  body: string,
  branch: string,
  cseq: number,
): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  const via = `SIP/2.0/${target.transport.toUpperCase()} ${local.host}:${local.port};branch=${branch}`;
  const head = [
    `MESSAGE sip:scaip@${target.host}:${target.port} SIP/2.0`,
    `Via: ${via}`,
    'Max-Forwards: 70',
    `From: <sip:${local.user}@${local.host}>;tag=${randomBytes(4).toString('hex')}`,
    `To: <sip:scaip@${target.host}>`,
    `Call-ID: ${randomBytes(8).toString('hex')}@${local.host}`,
    `CSeq: ${cseq} MESSAGE`,
    'Content-Type: application/scaip+xml',
    `Content-Length: ${bytes.length}`,
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), bytes]);
}

export const newBranch = () => `z9hG4bK${randomBytes(8).toString('hex')}`;

export interface SipAnswer {
  status: number;
  /** The `<snu>` of the `<mrs>`, when there is one. */
  snu: number | null;
  /** The top Via's branch: which request this answers. */
  branch: string | null;
}

export function readAnswer(message: Buffer): SipAnswer | null {
  const text = message.toString('utf8');
  const status = /^SIP\/2\.0 (\d{3}) /.exec(text);
  if (!status?.[1]) return null;
  const branch = /\r\nVia:[^\r\n]*;branch=([^;\s\r\n]+)/i.exec(text)?.[1] ?? null;
  const snu = /<snu>(\d+)<\/snu>/.exec(text)?.[1];
  return { status: Number(status[1]), snu: snu === undefined ? null : Number(snu), branch };
}

/** Complete answers in a TCP stream (Content-Length framing), and the rest. */
export function splitAnswers(buffered: Buffer): { answers: Buffer[]; rest: Buffer } {
  const answers: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const end = buffered.indexOf('\r\n\r\n', offset);
    if (end < 0) break;
    const head = buffered.toString('utf8', offset, end);
    const length = Number(/\r\n(?:Content-Length|l)\s*:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    const total = end + 4 + length;
    if (buffered.length < total) break;
    answers.push(buffered.subarray(offset, total));
    offset = total;
  }
  return { answers, rest: buffered.subarray(offset) };
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * SIA DC-09 as a device writes it, written apart from the server's receiver so each checks
 * the other: CRC-16/ARC bit by bit, the `0LLL` length, AES-CBC with a zero IV.
 */
export function crc16(data: Buffer): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, '0');
const two = (n: number) => String(n).padStart(2, '0');

/** `_HH:MM:SS,MM-DD-YYYY`, UTC. */
export function dc09Time(at: Date): string {
  return `_${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())},${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}-${at.getUTCFullYear()}`;
}

/** LF, CRC, 0LLL, body, CR. */
export function envelope(body: string): Buffer {
  const bytes = Buffer.from(body, 'latin1');
  return Buffer.from(`\n${hex(crc16(bytes), 4)}0${hex(bytes.length, 3)}${body}\r`, 'latin1');
}

function aes(key: Buffer, plain: Buffer, decrypt: boolean): Buffer {
  const algorithm = `aes-${key.length * 8}-cbc`;
  const iv = Buffer.alloc(16);
  const c = decrypt ? createDecipheriv(algorithm, key, iv) : createCipheriv(algorithm, key, iv);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(plain), c.final()]);
}

/** Pad bytes drawn from letters and digits: never `|`, `[` or `]`. */
function pad(length: number): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Buffer.from([...randomBytes(length)].map((b) => alphabet.charCodeAt(b % alphabet.length)));
}

export interface Dc09Message {
  token: 'ADM-CID' | 'SIA-DCS' | 'NULL';
  /** 1–9999. */
  seq: number;
  receiver?: string;
  /** The account prefix (L), default "0". */
  prefix?: string;
  account: string;
  /** ADM-CID `QEEE GG CCC`, SIA-DCS `N…`; empty for NULL. */
  data: string;
  /** Set: the frame is encrypted with it (16/24/32 bytes). */
  key?: Buffer | null;
  at?: Date;
}

/** One frame, plain or encrypted (the data and the timestamp encrypted after the `[`). */
export function dc09Frame(m: Dc09Message): Buffer {
  const at = m.at ?? new Date();
  const header =
    `${String(m.seq).padStart(4, '0')}${m.receiver !== undefined ? `R${m.receiver}` : ''}` +
    `L${m.prefix ?? '0'}#${m.account}`;
  const inner =
    m.token === 'NULL' ? `]${dc09Time(at)}` : `|#${m.account}|${m.data}]${dc09Time(at)}`;
  if (!m.key) {
    const data = m.token === 'NULL' ? '' : `#${m.account}|${m.data}`;
    return envelope(`"${m.token}"${header}[${data}]${dc09Time(at)}`);
  }
  const plain = Buffer.from(inner, 'latin1');
  const padded = Buffer.concat([pad(16 - (plain.length % 16)), plain]);
  return envelope(
    `"*${m.token}"${header}[${aes(m.key, padded, false).toString('hex').toUpperCase()}`,
  );
}

export interface Dc09Answer {
  type: 'ACK' | 'NAK' | 'DUH';
  seq: string;
  /** The receiver's time, when the answer carries one (decrypted for *ACK). */
  time: string | null;
}

const ANSWER = /^\n([0-9A-F]{4})0([0-9A-F]{3})("(\*?)(ACK|NAK|DUH)"(\d{4})?[^[]*\[(.*))\r$/s;

/** Reads an answer, checking its CRC and length; null when it is not one. */
export function parseAnswer(frame: Buffer, key: Buffer | null): Dc09Answer | null {
  const m = ANSWER.exec(frame.toString('latin1'));
  if (!m) return null;
  const body = Buffer.from(m[3]!, 'latin1');
  if (parseInt(m[1]!, 16) !== crc16(body) || parseInt(m[2]!, 16) !== body.length) return null;
  let rest = m[7]!;
  if (m[4] === '*') {
    if (!key || !/^([0-9A-F]{32})+$/.test(rest)) return null;
    const plain = aes(key, Buffer.from(rest, 'hex'), true).toString('latin1');
    rest = plain.slice(plain.indexOf(']'));
  }
  const time = /_\d\d:\d\d:\d\d,\d\d-\d\d-\d{4}$/.exec(rest);
  return { type: m[5] as Dc09Answer['type'], seq: m[6] ?? '', time: time ? time[0] : null };
}

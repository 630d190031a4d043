import type { DeviceSignal } from '../signal.js';
import { decryptHex } from './cipher.js';
import { parseContactId } from './contact-id.js';
import type { Dc09Header, Dc09Token } from './header.js';
import { parseSiaDcs } from './sia-dcs.js';
import { parseTimestamp } from './timestamp.js';

/** The inside of a frame, past its header: the data's content and its timestamp. */
export interface Dc09Payload {
  /** The data between `[` and `]`, without its leading `#acct|` or `|`. */
  content: string;
  /** The account the data names inside (`#acct|`), upper case; null when it names none. */
  account: string | null;
  /** Extended data blocks and the timestamp as sent, after the data's `]`. */
  tail: string;
  timestamp: Date | null;
}

const ACCOUNT_PREFIX = /^#([0-9A-Fa-f]{3,16})\|/;
const TIMESTAMP_AT_END = /_\d{2}:\d{2}:\d{2},\d{2}-\d{2}-\d{4}$/;
const EXTENDED = /^(?:\[[^[\]]*\])*$/;

/**
 * What follows the header's `[`, decrypted when the frame is encrypted: null when it cannot
 * be (not whole hex blocks, a wrong key: the plaintext is not readable).
 */
export function openPayload(
  header: Dc09Header & { rest: string },
  key: Buffer | null,
): Dc09Payload | null {
  let inner = header.rest;
  if (header.encrypted) {
    const plain = key ? decryptHex(key, inner) : null;
    if (plain === null) return null;
    // The `|` after the pad opens the data; NULL and answers have none (pad + `]`).
    inner = plain.startsWith('|') ? plain.slice(1) : plain;
  }
  const close = inner.indexOf(']');
  if (close < 0) return null;
  let content = inner.slice(0, close).replace(/^\|/, '');
  const named = ACCOUNT_PREFIX.exec(content);
  if (named) content = content.slice(named[0].length);
  content = content.replace(/^\|/, '');
  const tail = inner.slice(close + 1);
  const stamp = TIMESTAMP_AT_END.exec(tail);
  return {
    content,
    account: named ? named[1]!.toUpperCase() : null,
    tail,
    timestamp: stamp ? parseTimestamp(stamp[0]) : null,
  };
}

/** The signals a payload carries, or null when its data cannot be parsed (DUH). */
export function signalsOf(token: Dc09Token, payload: Dc09Payload): DeviceSignal[] | null {
  if (payload.content.includes('[')) return null;
  const stamp = TIMESTAMP_AT_END.exec(payload.tail);
  const extended = stamp ? payload.tail.slice(0, stamp.index) : payload.tail;
  if (!EXTENDED.test(extended)) return null;
  switch (token) {
    case 'NULL':
      return payload.content === '' ? [{ type: 'HEARTBEAT' }] : null;
    case 'ADM-CID':
      return parseContactId(payload.content);
    case 'SIA-DCS':
      return parseSiaDcs(payload.content);
  }
}

import { encryptHex } from './cipher.js';
import { sealEnvelope } from './frame.js';
import type { Dc09Header } from './header.js';
import { formatTimestamp } from './timestamp.js';

/** seq, R (only if sent), L and #acct, as the device sent them. */
function echo(header: Dc09Header): string {
  return (
    (header.seq ?? '') +
    (header.receiver !== undefined ? `R${header.receiver}` : '') +
    (header.prefix !== undefined ? `L${header.prefix}` : '') +
    (header.account !== undefined ? `#${header.account}` : '')
  );
}

/**
 * Once the message is committed: ACK with the device's seq, R, L and #acct and the server's
 * time; for an encrypted frame `*ACK` with pad + `]` + time encrypted after the `[`.
 */
export function ackFrame(header: Dc09Header, key: Buffer | null, now: Date): Buffer {
  const ts = formatTimestamp(now);
  if (header.encrypted && key) {
    return sealEnvelope(`"*ACK"${echo(header)}[${encryptHex(key, `]${ts}`)}`);
  }
  return sealEnvelope(`"ACK"${echo(header)}[]${ts}`);
}

/** A stale or missing timestamp on an encrypted frame: a fixed header, the server's time, plain. */
export function nakFrame(now: Date): Buffer {
  return sealEnvelope(`"NAK"0000R0L0A0[]${formatTimestamp(now)}`);
}

/** Not understood: the header as far as it was read, `[]`, never encrypted. */
export function duhFrame(header: Dc09Header | null): Buffer {
  return sealEnvelope(`"DUH"${header ? echo(header) : ''}[]`);
}

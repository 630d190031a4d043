import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ZERO_IV = Buffer.alloc(16);
const FORBIDDEN_PAD = new Set([0x7c, 0x5b, 0x5d]); // | [ ]

/** AES-128/192/256 from the key's length (16/24/32 bytes). */
function algorithm(key: Buffer): string {
  return `aes-${key.length * 8}-cbc`;
}

/** Random bytes, none of `|`, `[`, `]`, so the reader can find where the pad ends. */
function padBytes(length: number): Buffer {
  const pad = randomBytes(length);
  for (let i = 0; i < pad.length; i++) if (FORBIDDEN_PAD.has(pad[i]!)) pad[i] = 0x30;
  return pad;
}

/**
 * The encrypted part of a frame or an answer: 1–16 pad bytes to a multiple of 16, then the
 * text, AES-CBC with an all-zero IV and no further padding, as upper-case hex.
 */
export function encryptHex(key: Buffer, text: string): string {
  const plain = Buffer.from(text, 'latin1');
  const padLength = 16 - (plain.length % 16);
  const cipher = createCipheriv(algorithm(key), key, ZERO_IV).setAutoPadding(false);
  const data = Buffer.concat([padBytes(padLength), plain]);
  return Buffer.concat([cipher.update(data), cipher.final()])
    .toString('hex')
    .toUpperCase();
}

const HEX_BLOCKS = /^(?:[0-9A-Fa-f]{32})+$/;
/** Past 16 pad bytes the readable part must be this long: a wrong key's random bytes then pass with odds near 0.37^15. */
const MIN_READABLE_AFTER_LONG_PAD = 16;

/**
 * The text after the pad, or null when the hex is not whole blocks or the plaintext is not
 * readable (a wrong key gives bytes, not text). The pad ends at the first `|` or `]`, wherever
 * it is: we send 1–16 pad bytes, real diallers send up to 17 (docs/receivers.md). What follows
 * must be printable ASCII, and at least 16 characters after a pad longer than 16 bytes, so a
 * wrong key never passes for a short readable tail.
 */
export function decryptHex(key: Buffer, hex: string): string | null {
  if (!HEX_BLOCKS.test(hex)) return null;
  const decipher = createDecipheriv(algorithm(key), key, ZERO_IV).setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(Buffer.from(hex, 'hex')), decipher.final()]);
  let start = -1;
  for (let i = 0; i < plain.length; i++) {
    if (plain[i] === 0x7c || plain[i] === 0x5d) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  if (start > 16 && plain.length - start < MIN_READABLE_AFTER_LONG_PAD) return null;
  for (let i = start; i < plain.length; i++) if (plain[i]! < 0x20 || plain[i]! > 0x7e) return null;
  return plain.subarray(start).toString('latin1');
}

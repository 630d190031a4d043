import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptHex, encryptHex } from '../../../src/receivers/dc09/cipher.js';
import {
  parseTimestamp,
  formatTimestamp,
  withinWindow,
} from '../../../src/receivers/dc09/timestamp.js';
import { ACK_CIPHERTEXT_128, AT, FRAMES, KEY128, KEY192, KEY256 } from './vectors.js';

const key = (hex: string) => Buffer.from(hex, 'hex');
const cipherOf = (frame: string) => frame.slice(frame.indexOf('[') + 1, -1);

describe('DC-09 encryption', () => {
  it('decrypts what openssl encrypted, with each key length', () => {
    expect(decryptHex(key(KEY128), cipherOf(FRAMES.enc128Fire))).toBe(
      '|#12AB|1110 01 003]_12:00:00,11-25-2026',
    );
    expect(decryptHex(key(KEY192), cipherOf(FRAMES.enc192Sia))).toBe(
      '|#3C4D|Nri1/FA001/YT]_12:00:00,11-25-2026',
    );
    expect(decryptHex(key(KEY256), cipherOf(FRAMES.enc256Null))).toBe(']_12:00:00,11-25-2026');
    expect(decryptHex(key(KEY128), ACK_CIPHERTEXT_128)).toBe(']_12:00:00,11-25-2026');
  });

  it('reads nothing with a wrong key, odd hex or a partial block', () => {
    expect(decryptHex(key(KEY192), cipherOf(FRAMES.enc128Fire))).toBeNull();
    expect(decryptHex(key(KEY128), cipherOf(FRAMES.enc128Fire).slice(2))).toBeNull();
    expect(decryptHex(key(KEY128), 'ZZ'.repeat(16))).toBeNull();
  });

  it('pads to whole blocks with 1–16 bytes free of | [ ], as openssl reads it back', () => {
    for (const length of [0, 1, 15, 16, 17, 31]) {
      const text = `]${'x'.repeat(length)}`;
      const hex = encryptHex(key(KEY128), text);
      expect(hex).toMatch(/^([0-9A-F]{32})+$/);
      const d = createDecipheriv('aes-128-cbc', key(KEY128), Buffer.alloc(16)).setAutoPadding(
        false,
      );
      const plain = Buffer.concat([d.update(Buffer.from(hex, 'hex')), d.final()]);
      const pad = plain.length - Buffer.byteLength(text);
      expect(pad).toBeGreaterThanOrEqual(1);
      expect(pad).toBeLessThanOrEqual(16);
      expect([...plain.subarray(0, pad)].some((b) => [0x7c, 0x5b, 0x5d].includes(b))).toBe(false);
      expect(plain.subarray(pad).toString('latin1')).toBe(text);
    }
  });
});

describe('DC-09 timestamps', () => {
  it('reads and writes _HH:MM:SS,MM-DD-YYYY in UTC', () => {
    expect(parseTimestamp('_12:00:00,11-25-2026')).toEqual(AT);
    expect(formatTimestamp(AT)).toBe('_12:00:00,11-25-2026');
    expect(parseTimestamp('_12:00:00,02-31-2026')).toBeNull();
    expect(parseTimestamp('_25:00:00,11-25-2026')).toBeNull();
    expect(parseTimestamp('12:00:00,11-25-2026')).toBeNull();
  });

  it('accepts a device clock 40 s behind to 20 s ahead', () => {
    const at = (s: number) => new Date(AT.getTime() + s * 1000);
    expect(withinWindow(at(-40), AT)).toBe(true);
    expect(withinWindow(at(-41), AT)).toBe(false);
    expect(withinWindow(at(20), AT)).toBe(true);
    expect(withinWindow(at(21), AT)).toBe(false);
  });
});

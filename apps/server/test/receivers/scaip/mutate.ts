/** Mutated SIP messages for the fuzz tests: seeded, so a failure replays. */
import { mrq, sipMessage } from './messages.js';

/** A small seeded generator: the same 10,000 mutations on every run, so a failure replays. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SEEDS = [
  sipMessage(
    mrq(
      { ref: 'f-1', cid: 'fuzz', mty: 'ME', dty: '0005', stc: '0010', did: '1', dte: 'Cucina è' },
      '<lge><geo>45.1,9.2</geo></lge>',
    ),
  ),
  sipMessage('', { method: 'OPTIONS' }),
  sipMessage(mrq({ ref: 'f-2', cid: 'fuzz', mty: 'PI', dty: '0001' }), { noLength: true }),
];
const PIECES = [
  '\r\n',
  ':',
  ';',
  ',',
  '<',
  '>',
  '&',
  ' ',
  '\t',
  '\0',
  'Content-Length: 99999\r\n',
  'l: -1\r\n',
  '<!DOCTYPE x>',
  '<mrq>',
  'SIP/2.0',
  '\u00e8',
  '\ud83d\udd25',
];

export function mutate(random: () => number, seed: Buffer): Buffer {
  let bytes: Buffer = Buffer.from(seed);
  const steps = 1 + Math.floor(random() * 4);
  for (let s = 0; s < steps; s += 1) {
    const at = Math.floor(random() * (bytes.length + 1));
    const choice = random();
    if (choice < 0.3 && bytes.length > 0) {
      const i = Math.min(at, bytes.length - 1);
      bytes[i] = Math.floor(random() * 256);
    } else if (choice < 0.5) {
      bytes = Buffer.concat([
        bytes.subarray(0, at),
        bytes.subarray(at + Math.floor(random() * 20)),
      ]);
    } else if (choice < 0.8) {
      const piece = PIECES[Math.floor(random() * PIECES.length)] ?? '';
      bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(piece), bytes.subarray(at)]);
    } else if (choice < 0.9) {
      bytes = bytes.subarray(0, at);
    } else {
      bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(0, at), bytes.subarray(at)]);
    }
  }
  return bytes;
}

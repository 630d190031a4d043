import { crc16arc, crcHex } from './crc.js';

const LF = 0x0a;
const CR = 0x0d;

/** The longest body `0LLL` can declare, plus LF, crc, length and CR. */
export const MAX_FRAME_BYTES = 1 + 4 + 4 + 0xfff + 1;

/**
 * Splits a TCP stream into frames. A frame runs from LF to CR and neither byte occurs inside
 * one (its content is printable ASCII, encrypted parts are hex), so CR ends a frame whatever
 * its length field claims: a wrong length is answered with silence (docs/receivers.md) and
 * the stream stays in step. Bytes before the last LF ahead of a CR are line noise and dropped.
 */
export function splitFrames(buffered: Buffer): { messages: Buffer[]; rest: Buffer } {
  const messages: Buffer[] = [];
  let start = 0;
  for (let end = buffered.indexOf(CR); end >= 0; end = buffered.indexOf(CR, start)) {
    const segment = buffered.subarray(start, end + 1);
    const lf = segment.lastIndexOf(LF);
    messages.push(lf > 0 ? segment.subarray(lf) : segment);
    start = end + 1;
  }
  const rest = buffered.subarray(start);
  const lf = rest.lastIndexOf(LF);
  return { messages, rest: lf > 0 ? rest.subarray(lf) : rest };
}

/** CRC and length in upper-case hex, as the standard writes them. */
const ENVELOPE = /^\n([0-9A-F]{4})0([0-9A-F]{3})("[\s\S]*)\r$/;

/** The body of a frame whose CRC and length are right, or null (answered with silence). */
export function openEnvelope(frame: Buffer): Buffer | null {
  const match = ENVELOPE.exec(frame.toString('latin1'));
  if (!match) return null;
  const body = frame.subarray(9, frame.length - 1);
  if (parseInt(match[2]!, 16) !== body.length) return null;
  if (parseInt(match[1]!, 16) !== crc16arc(body)) return null;
  return body;
}

/** LF, CRC, `0LLL`, the body, CR. */
export function sealEnvelope(body: string): Buffer {
  const bytes = Buffer.from(body, 'latin1');
  const length = bytes.length.toString(16).toUpperCase().padStart(3, '0');
  return Buffer.concat([
    Buffer.from(`\n${crcHex(bytes)}0${length}`, 'latin1'),
    bytes,
    Buffer.from('\r'),
  ]);
}

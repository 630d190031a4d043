import { describe, expect, it } from 'vitest';
import { crc16arc, crcHex } from '../../../src/receivers/dc09/crc.js';
import { openEnvelope, sealEnvelope, splitFrames } from '../../../src/receivers/dc09/frame.js';
import { FRAMES } from './vectors.js';

describe('DC-09 CRC and length', () => {
  it('is CRC-16/ARC: "123456789" → BB3D', () => {
    expect(crc16arc(Buffer.from('123456789'))).toBe(0xbb3d);
    expect(crcHex(Buffer.from('123456789'))).toBe('BB3D');
    expect(crcHex(Buffer.alloc(0))).toBe('0000');
  });

  it('opens frames computed elsewhere and refuses a wrong CRC or length', () => {
    for (const frame of Object.values(FRAMES)) {
      const body = openEnvelope(Buffer.from(frame, 'latin1'));
      if (frame === FRAMES.plainBadCrc) expect(body).toBeNull();
      else expect(body?.toString('latin1')).toBe(frame.slice(9, -1));
    }
    const longer = FRAMES.plainNull.replace('0027', '0028');
    expect(openEnvelope(Buffer.from(longer, 'latin1'))).toBeNull();
    const lowerCase = FRAMES.plainNull.replace('E387', 'e387');
    expect(openEnvelope(Buffer.from(lowerCase, 'latin1'))).toBeNull();
  });

  it('writes the length as 0 and three upper-case hex digits', () => {
    const body = `"NULL"0001L0#12AB[]${'x'.repeat(300)}`; // 319 bytes = 0x13F
    const frame = sealEnvelope(body).toString('latin1');
    expect(frame.slice(5, 9)).toBe('013F');
    expect(sealEnvelope('"NULL"0007L0#12AB[]_12:00:00,11-25-2026').toString('latin1')).toBe(
      FRAMES.plainNull,
    );
  });

  it('splits a stream into frames, keeping the unfinished one', () => {
    const stream = Buffer.from(`noise${FRAMES.plainNull}${FRAMES.plainAdm}\n941F0`, 'latin1');
    const { messages, rest } = splitFrames(stream);
    expect(messages.map((m) => m.toString('latin1'))).toEqual([FRAMES.plainNull, FRAMES.plainAdm]);
    expect(rest.toString('latin1')).toBe('\n941F0');
  });
});

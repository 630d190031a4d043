import { describe, expect, it } from 'vitest';
import { callResultOf, durationOf } from '../../src/voice/outcome.js';
import { phoneKey } from '../../src/voice/caller.js';
import { headerSafe } from '../../src/voice/route.js';

describe('SIP final code → CALL result (docs/voice.md)', () => {
  it.each([
    [200, 'ANSWERED'],
    [202, 'ANSWERED'],
    [486, 'BUSY'],
    [600, 'BUSY'],
    [404, 'WRONG_NUMBER'],
    [484, 'WRONG_NUMBER'],
    [604, 'WRONG_NUMBER'],
    [408, 'NO_ANSWER'],
    [480, 'NO_ANSWER'],
    [487, 'NO_ANSWER'],
    [603, 'NO_ANSWER'],
    [500, 'NO_ANSWER'],
    [503, 'NO_ANSWER'],
  ] as const)('%i → %s', (code, result) => {
    expect(callResultOf(code)).toBe(result);
  });

  it('counts whole seconds between answer and end', () => {
    expect(durationOf(1000.2, 1062.9)).toBe(63);
    expect(durationOf(1000, 999)).toBe(0);
    expect(durationOf(null, 1000)).toBeNull();
  });
});

describe('numbers as compared', () => {
  it('keep digits and a leading +, 00 read as +', () => {
    expect(phoneKey('+39 06 1111 2222')).toBe('+390611112222');
    expect(phoneKey('0039 (06) 1111-2222')).toBe('+390611112222');
    expect(phoneKey('011.555.0101')).toBe('0115550101');
    expect(phoneKey('op-7')).toBe('7');
    expect(phoneKey('sos')).toBe('');
    expect(phoneKey(null)).toBe('');
  });

  it('reach a header as they are; anything else percent-encoded', () => {
    expect(headerSafe('+390611112222')).toBe('+390611112222');
    expect(headerSafe('Sig.ra Rossì\r\nX: y')).toBe('Sig.ra%20Ross%C3%AC%0D%0AX%3A%20y');
  });
});

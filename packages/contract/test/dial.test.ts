import { describe, expect, it } from 'vitest';
import { dialTarget } from '../src/dial.js';

describe('dialTarget', () => {
  it('keeps the leading + and drops spaces', () => {
    expect(dialTarget('+39 06 1111 2222', 'voice.example')).toBe('sip:+390611112222@voice.example');
  });

  it('drops dots, dashes and brackets', () => {
    expect(dialTarget('(06) 1111-22.22', 'd')).toBe('sip:0611112222@d');
  });

  it('keeps a + only at the start', () => {
    expect(dialTarget(' +39 333+123 ', 'd')).toBe('sip:+39333123@d');
    expect(dialTarget('0039 06 1', 'd')).toBe('sip:0039061@d');
  });

  it('has nothing to dial without a digit', () => {
    expect(dialTarget('+ - ()', 'd')).toBeNull();
    expect(dialTarget('', 'd')).toBeNull();
  });
});

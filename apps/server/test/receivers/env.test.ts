import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../src/env.js';

describe('receiver variables', () => {
  it('takes a DC-09 port, a 128/192/256-bit key in hex and a SCAIP port', () => {
    for (const digits of [32, 48, 64]) {
      const env = loadEnv({
        SOS_DC09_PORT: '12000',
        SOS_DC09_KEY: 'aB'.repeat(digits / 2),
        SOS_SCAIP_PORT: '5060',
      });
      expect(env).toMatchObject({ SOS_DC09_PORT: 12000, SOS_SCAIP_PORT: 5060 });
      expect(env.SOS_DC09_KEY).toHaveLength(digits);
    }
    const unset = loadEnv({});
    expect([unset.SOS_DC09_PORT, unset.SOS_DC09_KEY, unset.SOS_SCAIP_PORT]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('stops the start on a bad value, naming the variable and never echoing the key', () => {
    const secret = '0123456789ABCDEF0123456789ABCDE'; // 31 digits
    for (const [name, value] of [
      ['SOS_DC09_KEY', secret],
      ['SOS_DC09_KEY', 'G'.repeat(32)],
      ['SOS_DC09_KEY', 'A'.repeat(40)],
      ['SOS_DC09_PORT', '70000'],
      ['SOS_SCAIP_PORT', 'sip'],
    ] as const) {
      let error: unknown;
      try {
        loadEnv({ [name]: value });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(name);
      expect((error as Error).message).not.toContain(secret);
    }
  });
});

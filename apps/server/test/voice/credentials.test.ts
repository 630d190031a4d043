import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { voiceUserOf } from '@sos/contract';
import {
  ephemeralCredentials,
  ephemeralPassword,
  operatorIdOf,
  operatorSipUser,
} from '../../src/voice/credentials.js';

describe('ephemeral SIP credentials', () => {
  const secret = 'kamailio-shared-secret-0123456789abcdef';

  it("are auth_ephemeral's: user <expiry>:<sip user>, password base64(HMAC-SHA1(secret, user)), 12 h", () => {
    const now = new Date('2026-11-27T10:00:00.400Z');
    const made = ephemeralCredentials(secret, operatorSipUser(7), now);
    const expiry = Math.floor(now.getTime() / 1000) + 12 * 3600;
    expect(made.username).toBe(`${expiry}:op-7`);
    expect(made.password).toBe(
      createHmac('sha1', secret).update(`${expiry}:op-7`).digest('base64'),
    );
    expect(made.expiresAt.toISOString()).toBe('2026-11-27T22:00:00.000Z');
    expect(voiceUserOf(made.username)).toBe('op-7');
  });

  it('depend on the secret and on the user', () => {
    expect(ephemeralPassword(secret, '1:op-1')).not.toBe(ephemeralPassword(`${secret}x`, '1:op-1'));
    expect(ephemeralPassword(secret, '1:op-1')).not.toBe(ephemeralPassword(secret, '1:op-2'));
  });

  it("read an operator's id back only from op-<id>, never from a number", () => {
    expect(operatorIdOf('op-42')).toBe(42);
    for (const other of [
      '42',
      '+3906111',
      'op-',
      'op-0',
      'op-01',
      'op-99999999999',
      'sos',
      null,
      undefined,
    ]) {
      expect(operatorIdOf(other)).toBeNull();
    }
  });
});

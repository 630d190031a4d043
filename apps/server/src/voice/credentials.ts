import { createHmac } from 'node:crypto';
import { VOICE_CREDENTIALS_TTL_S } from '@sos/contract';

/**
 * Ephemeral SIP credentials (docs/voice.md), as Kamailio's auth_ephemeral checks them
 * (username_format 1, SHA-1): the username is `<expiry unix seconds>:<sip user>`, the password
 * base64(HMAC-SHA1(secret, username)). Nothing is stored: Kamailio recomputes the HMAC.
 */
export function ephemeralPassword(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

export interface EphemeralCredentials {
  username: string;
  password: string;
  expiresAt: Date;
}

export function ephemeralCredentials(
  secret: string,
  sipUser: string,
  now: Date = new Date(),
  ttlS: number = VOICE_CREDENTIALS_TTL_S,
): EphemeralCredentials {
  const expiry = Math.floor(now.getTime() / 1000) + ttlS;
  const username = `${expiry}:${sipUser}`;
  return {
    username,
    password: ephemeralPassword(secret, username),
    expiresAt: new Date(expiry * 1000),
  };
}

/** An operator's SIP user: `op-<userId>`, never a dialable number. */
export const operatorSipUser = (userId: number) => `op-${userId}`;

/** The user id of an operator's SIP user, or null for anything else (a unit, a number). */
export function operatorIdOf(sipUser: string | null | undefined): number | null {
  const match = /^op-([1-9][0-9]{0,9})$/.exec(sipUser ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

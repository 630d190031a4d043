import { SignJWT, UnsecuredJWT } from 'jose';
import { TEST_ENV } from './app.js';

/** Tokens every protected route must refuse, for the per-role tests. */
export async function badTokens(userId: number): Promise<Record<string, string>> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { role: 'SUPER_ADMIN', username: 'admin' };
  const good = new TextEncoder().encode(TEST_ENV.SOS_JWT_SECRET);
  const other = new TextEncoder().encode('another-secret-another-secret-another-secret');
  const base = (alg: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg, typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer('sos-console')
      .setIssuedAt(now);
  return {
    expired: await base('HS256')
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(good),
    forged: await base('HS256')
      .setExpirationTime(now + 600)
      .sign(other),
    wrongAlgorithm: await base('HS512')
      .setExpirationTime(now + 600)
      .sign(good),
    algNone: new UnsecuredJWT(claims)
      .setSubject(String(userId))
      .setIssuer('sos-console')
      .setExpirationTime(now + 600)
      .encode(),
    garbage: 'not-a-jwt',
  };
}

/** A valid access token of the test secret, of a session, that expires in `seconds`. */
export async function shortLivedToken(
  userId: number,
  seconds: number,
  sessionId: string,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'SUPER_ADMIN', username: 'admin', sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('sos-console')
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(new TextEncoder().encode(TEST_ENV.SOS_JWT_SECRET));
}

/** Asserts helper: each bad token must give 401. */
export const BAD_TOKEN_NAMES = [
  'expired',
  'forged',
  'wrongAlgorithm',
  'algNone',
  'garbage',
] as const;

import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `Authorization: Bearer <secret>` carries Kamailio's shared secret (constant time). */
export function carriesSecret(authorization: string | undefined, secret: string): boolean {
  const sent = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(secret));
}

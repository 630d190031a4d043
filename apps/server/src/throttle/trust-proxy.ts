import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's named ranges (what Fastify's trustProxy understands besides addresses). */
const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix (CIDR), or a named range. */
function isProxyItem(item: string): boolean {
  if (NAMED.has(item)) return true;
  const [address = '', prefix, extra] = item.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * SOS_TRUST_PROXY (docs/security.md): whose X-Forwarded-For is believed. A number is how many
 * proxies stand in front of the server (hops); otherwise a comma-separated list of the
 * proxies' addresses or CIDRs. Unset: the client address is the socket's, always.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .min(1)
  .transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 32) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be 1 to 32' });
      return z.NEVER;
    }
    const items = value.split(',').map((item) => item.trim());
    const bad = items.filter((item) => !isProxyItem(item));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count or addresses/CIDRs separated by commas (not ${bad.map((b) => JSON.stringify(b)).join(', ')})`,
      });
      return z.NEVER;
    }
    return items;
  });

export type TrustProxy = z.output<typeof trustProxySchema>;

/**
 * Fastify's trustProxy from SOS_TRUST_PROXY. A hop count trusts that many proxies in front
 * of the server whoever they are (Fastify itself refuses a bare number, since a client that
 * reaches the server directly could then claim any address): use it only when the server
 * is reachable through those proxies alone; otherwise name them.
 */
export function fastifyTrustProxy(
  value: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined) return false;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

import { isIPv4, isIPv6 } from 'node:net';

/** Eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text =
      text.slice(0, -v4[1]!.length) +
      ((a << 8) | b).toString(16) +
      ':' +
      ((c << 8) | d).toString(16);
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => g.padStart(4, '0'));
}

/**
 * The key a client address is counted under (docs/security.md). IPv4 as is (an IPv4-mapped IPv6
 * address too); IPv6 by its /64, since one host is given a whole /64 and could otherwise
 * step through its addresses to escape every per-address throttle.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === '0000') && groups[5] === 'ffff') {
    const [hi, lo] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

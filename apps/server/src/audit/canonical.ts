import { createHash } from 'node:crypto';

/** prevHash of the first record: there is nothing before it. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The canonical JSON a record's hash covers (docs/audit.md): object keys sorted at every level
 * (JavaScript's default string order), no whitespace, undefined members left out as
 * JSON.stringify leaves them. Any program that sorts keys the same way rebuilds the same text.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new Error('canonicalJson: a number that JSON cannot carry');
    }
    const text = JSON.stringify(value);
    if (text === undefined) throw new Error(`canonicalJson: ${typeof value} has no JSON form`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const members = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map(
      (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
    );
  return `{${members.join(',')}}`;
}

/** SHA-256 hex of the previous hash followed by the record's canonical JSON (without `hash`), UTF-8. */
export function chainHash(prevHash: string, unhashed: Record<string, unknown>): string {
  return createHash('sha256')
    .update(prevHash + canonicalJson(unhashed), 'utf8')
    .digest('hex');
}

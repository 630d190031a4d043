import type { Locale } from './locales.js';

type Others = Exclude<Locale, 'it'>;

/**
 * A feature's catalogue: Italian first; the type demands every other language has
 * exactly the same keys, so a missing translation fails the typecheck (and a test).
 */
export function defineCatalogue<const T extends Record<string, string>>(
  it: T,
  others: Record<Others, Record<keyof T, string>>,
): Record<Locale, Record<keyof T & string, string>> {
  return { it, ...others };
}

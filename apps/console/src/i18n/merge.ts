import type { Locale } from './locales.js';

/** Catalogues (each built with defineCatalogue) merged per language. */
export function mergeCatalogues(
  catalogues: readonly Record<Locale, Record<string, string>>[],
): Record<Locale, Record<string, string>> {
  const merged = {} as Record<Locale, Record<string, string>>;
  for (const catalogue of catalogues) {
    for (const [locale, entries] of Object.entries(catalogue) as [
      Locale,
      Record<string, string>,
    ][]) {
      merged[locale] = { ...merged[locale], ...entries };
    }
  }
  return merged;
}

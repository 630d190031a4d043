/** docs/console.md: en-US, it-IT, es, fr-FR, de-DE, ar; Italian is the default. */
export const LOCALES = ['it', 'en', 'es', 'fr', 'de', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'it';

/**
 * The BCP 47 tag each language formats with. Arabic asks for Arabic-Indic digits by name
 * (docs/console.md): browsers' default digits for a bare `ar` differ.
 */
export const INTL_TAGS: Record<Locale, string> = {
  it: 'it-IT',
  en: 'en-US',
  es: 'es',
  fr: 'fr-FR',
  de: 'de-DE',
  ar: 'ar-u-nu-arab',
};

export const LANGUAGE_NAMES: Record<Locale, string> = {
  it: 'Italiano',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};

export const isRtl = (locale: Locale) => locale === 'ar';
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

import type { Locale } from './locales.js';

// Each language's dayjs data is its own small chunk, loaded with the language. Italian's
// comes with dayjs itself (lib/format.ts), which only the signed-in screens load.
const LOADERS: Record<Exclude<Locale, 'it'>, () => Promise<unknown>> = {
  en: () => import('dayjs/locale/en'),
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
  ar: () => import('dayjs/locale/ar'),
};

/** Registers a language's dayjs data (lib/format.ts switches dayjs to the shown language). */
export async function loadDayjsLocale(locale: Locale): Promise<void> {
  if (locale !== 'it') await LOADERS[locale]();
}

import type { EmotionCache } from '@emotion/cache';
import { itIT, type Localization } from '@mui/material/locale';
import italian from 'virtual:messages/it';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { MessageId } from './messageId.js';
import { DEFAULT_LOCALE, isRtl, type Locale } from './locales.js';

/** A language's messages, precompiled by build/messagesPlugin.ts. */
export type CompiledCatalogue = Record<MessageId, MessageFormatElement[]>;

/** What rendering a language needs: its messages, MUI's and, right to left, its Emotion cache. */
export interface LocaleResources {
  messages: CompiledCatalogue;
  muiLocale: Localization;
  rtlCache?: EmotionCache;
}

// Italian, the default, is in the start-up chunk; every other catalogue is its own chunk.
const MESSAGES: Record<Exclude<Locale, 'it'>, () => Promise<{ default: CompiledCatalogue }>> = {
  en: () => import('virtual:messages/en'),
  es: () => import('virtual:messages/es'),
  fr: () => import('virtual:messages/fr'),
  de: () => import('virtual:messages/de'),
  ar: () => import('virtual:messages/ar'),
};

const ITALIAN: LocaleResources = { messages: italian, muiLocale: itIT };
const loaded = new Map<Locale, LocaleResources>([[DEFAULT_LOCALE, ITALIAN]]);
let current: Locale = DEFAULT_LOCALE;
let latest: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

async function load(locale: Exclude<Locale, 'it'>): Promise<LocaleResources> {
  const [{ default: messages }, , muiLocale, rtlCache] = await Promise.all([
    MESSAGES[locale](),
    // dayjs data too, so dates are in the language from its first frame on.
    import('./dayjsLocales.js').then((m) => m.loadDayjsLocale(locale)),
    import('./muiLocales.js').then((m) => m.MUI_LOCALES[locale]),
    isRtl(locale) ? import('./rtlCache.js').then((m) => m.rtlCache) : undefined,
  ]);
  return { messages, muiLocale, rtlCache };
}

/**
 * Shows a language once what it needs is loaded (meanwhile the previous one stays): no
 * flash of untranslated or unmirrored content. The last request wins.
 */
export async function requestLocale(locale: Locale): Promise<void> {
  latest = locale;
  if (locale === current) return;
  const resources = loaded.get(locale) ?? (await load(locale as Exclude<Locale, 'it'>));
  loaded.set(locale, resources);
  if (latest !== locale || current === locale) return;
  current = locale;
  for (const listener of listeners) listener();
}

export const subscribeLocale = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The language on screen. */
export const currentLocale = (): Locale => current;

/** A language's resources: those of a shown language are always loaded. */
export const resourcesOf = (locale: Locale): LocaleResources => loaded.get(locale) ?? ITALIAN;

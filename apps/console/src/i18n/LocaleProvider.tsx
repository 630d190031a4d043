import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAppSelector } from '../app/hooks.js';
import { selectLocale } from './languageSlice.js';
import { currentLocale, requestLocale, resourcesOf, subscribeLocale } from './localeResources.js';
import { DEFAULT_LOCALE, INTL_TAGS, isRtl } from './locales.js';

/** The language on screen: the chosen one once its messages (and so on) are loaded. */
export const useShownLocale = () => useSyncExternalStore(subscribeLocale, currentLocale);

/**
 * react-intl for the chosen language, and the document follows it: `lang` for screen
 * readers and hyphenation, `dir` so Arabic reads (and lays out) right to left.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const chosen = useAppSelector(selectLocale);
  const locale = useShownLocale();
  useEffect(() => {
    requestLocale(chosen).catch((error: unknown) => {
      console.error(`Language ${chosen} could not be loaded`, error);
    });
  }, [chosen]);
  useEffect(() => {
    document.documentElement.lang = INTL_TAGS[locale];
    document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  }, [locale]);
  return (
    <IntlProvider
      locale={INTL_TAGS[locale]}
      defaultLocale={INTL_TAGS[DEFAULT_LOCALE]}
      messages={resourcesOf(locale).messages}
    >
      {children}
    </IntlProvider>
  );
}

import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAppSelector } from '../app/hooks.js';
import { messages } from './catalogue.js';
import { applyDayjsLocale } from './dayjsLocales.js';
import { selectLocale } from './languageSlice.js';
import { DEFAULT_LOCALE, INTL_TAGS, isRtl } from './locales.js';

/**
 * react-intl for the chosen language, and the document follows it: `lang` for screen
 * readers and hyphenation, `dir` so Arabic reads (and lays out) right to left.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useAppSelector(selectLocale);
  useEffect(() => {
    document.documentElement.lang = INTL_TAGS[locale];
    document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
    applyDayjsLocale(locale);
  }, [locale]);
  return (
    <IntlProvider
      locale={INTL_TAGS[locale]}
      defaultLocale={INTL_TAGS[DEFAULT_LOCALE]}
      messages={messages[locale]}
    >
      {children}
    </IntlProvider>
  );
}

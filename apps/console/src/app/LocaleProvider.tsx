import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAppSelector } from '../store/hooks.js';
import { selectLocale } from '../i18n/languageSlice.js';
import { requestLocale, resourcesOf } from '../i18n/localeResources.js';
import { useShownLocale } from '../i18n/shownLocale.js';
import { DEFAULT_LOCALE, INTL_TAGS, isRtl } from '../i18n/locales.js';

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
    // The page names the language alone; the digits are a formatting choice (INTL_TAGS).
    document.documentElement.lang = INTL_TAGS[locale].split('-u-')[0] ?? locale;
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

import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { CompiledCatalogue } from '../../i18n/localeResources.js';
import { useShownLocale } from '../../i18n/LocaleProvider.js';
import { INTL_TAGS, type Locale } from '../../i18n/locales.js';

// One chunk per language, loaded with the signed-in layout: none of it weighs on /login.
const LOADERS: Record<Locale, () => Promise<{ default: CompiledCatalogue }>> = {
  it: () => import('virtual:push-messages/it'),
  en: () => import('virtual:push-messages/en'),
  es: () => import('virtual:push-messages/es'),
  fr: () => import('virtual:push-messages/fr'),
  de: () => import('virtual:push-messages/de'),
  ar: () => import('virtual:push-messages/ar'),
};

/**
 * The console's messages plus the push feature's (features/push/messages.ts) in the
 * language on screen. Renders nothing until they are loaded (a few hundred bytes).
 */
export function PushIntl({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const locale = useShownLocale();
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: CompiledCatalogue } | null>(null);
  useEffect(() => {
    let live = true;
    void LOADERS[locale]().then(({ default: messages }) => live && setLoaded({ locale, messages }));
    return () => {
      live = false;
    };
  }, [locale]);
  if (!loaded) return null;
  return (
    <IntlProvider
      locale={INTL_TAGS[loaded.locale]}
      defaultLocale={intl.defaultLocale}
      messages={{ ...intl.messages, ...loaded.messages }}
    >
      {children}
    </IntlProvider>
  );
}

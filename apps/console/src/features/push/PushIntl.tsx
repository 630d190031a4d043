import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import ar from 'virtual:push-messages/ar';
import de from 'virtual:push-messages/de';
import en from 'virtual:push-messages/en';
import es from 'virtual:push-messages/es';
import fr from 'virtual:push-messages/fr';
import it from 'virtual:push-messages/it';
import type { CompiledCatalogue } from '../../i18n/localeResources.js';
import { INTL_TAGS, LOCALES, type Locale } from '../../i18n/locales.js';

// Every language in the signed-in layout's chunk (about 3 KB gzip): one file fewer per
// language, so the start-up chunk's list of lazy files does not grow (the /login budget).
const CATALOGUES: Record<Locale, CompiledCatalogue> = { it, en, es, fr, de, ar };

/**
 * The console's messages plus the push feature's (features/push/messages.ts), in the
 * language on screen.
 */
export function PushIntl({ children }: { children: ReactNode }) {
  const intl = useIntl();
  // The language on screen, from the console's own provider (nothing more imported: the
  // locale machinery stays in the start-up chunk, unsplit).
  const locale = LOCALES.find((l) => INTL_TAGS[l] === intl.locale) ?? 'it';
  return (
    <IntlProvider
      locale={intl.locale}
      defaultLocale={intl.defaultLocale}
      messages={{ ...intl.messages, ...CATALOGUES[locale] }}
    >
      {children}
    </IntlProvider>
  );
}

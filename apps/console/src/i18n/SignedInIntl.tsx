import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import ar from 'virtual:signed-in-messages/ar';
import de from 'virtual:signed-in-messages/de';
import en from 'virtual:signed-in-messages/en';
import es from 'virtual:signed-in-messages/es';
import fr from 'virtual:signed-in-messages/fr';
import it from 'virtual:signed-in-messages/it';
import type { CompiledCatalogue } from './localeResources.js';
import { INTL_TAGS, LOCALES, type Locale } from './locales.js';

// Every language in the signed-in layout's chunk (about 3 KB gzip): one file fewer per
// language, so the start-up chunk's list of lazy files does not grow (the /login budget).
const CATALOGUES: Record<Locale, CompiledCatalogue> = { it, en, es, fr, de, ar };

/**
 * The console's messages plus the signed-in screens' (signedIn.catalogue.ts), in the
 * language on screen: wraps the signed-in layout.
 */
export function SignedInIntl({ children }: { children: ReactNode }) {
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

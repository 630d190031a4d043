import type { Locale } from '../i18n/locales.js';
import { commonMessages } from '../i18n/common.messages.js';
import { dashboardMessages } from '../features/dashboard/messages.js';
import { layoutMessages } from '../shell/layout/messages.js';
import { authMessages } from '../features/auth/messages.js';
import { usersMessages } from '../features/users/messages.js';
import { settingsMessages } from '../features/settings/messages.js';
import { alarmMessages } from '../widgets/alarm/messages.js';
import { outcomeMessages } from '../widgets/alarm/outcome.messages.js';
// Type only: the signed-in screens' texts load with their layout (i18n/SignedInIntl.tsx).
import type { signedInCatalogues } from './signedIn.catalogue.js';
import { mergeCatalogues } from '../i18n/merge.js';
import type { MessageId as DeclaredId } from '../i18n/messageId.js';
import { shiftMessages } from '../i18n/shift.messages.js';
import { walkMessages } from '../i18n/walk.messages.js';

/**
 * Every catalogue (of a screen, the frame or a widget) that a screen before sign-in may need,
 * merged per language (the signed-in screens' own are in signedIn.catalogue.ts). A folder adds
 * its own `messages.ts` (built with defineCatalogue) to this list.
 */
const catalogues = [
  commonMessages,
  dashboardMessages,
  layoutMessages,
  authMessages,
  usersMessages,
  settingsMessages,
  alarmMessages,
  outcomeMessages,
  shiftMessages,
  walkMessages,
] as const;

type Keys<C> = C extends Record<Locale, Record<infer K, string>> ? K : never;
export type MessageId =
  Keys<(typeof catalogues)[number]> | Keys<(typeof signedInCatalogues)[number]>;

/** Fails to compile unless i18n/messageId.ts reads back exactly these ids (never a plain string). */
type Expect<T extends true> = T;
export type IdsAgree = Expect<
  [DeclaredId] extends [MessageId] ? ([MessageId] extends [DeclaredId] ? true : false) : false
>;

export const messages = mergeCatalogues(catalogues) as Record<Locale, Record<MessageId, string>>;

// Typed message ids for react-intl's FormattedMessage and intl.formatMessage.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

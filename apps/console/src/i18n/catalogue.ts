import type { Locale } from './locales.js';
import { commonMessages } from './common.messages.js';
import { dashboardMessages } from '../features/dashboard/messages.js';
import { layoutMessages } from '../features/layout/messages.js';
import { authMessages } from '../features/auth/messages.js';
import { usersMessages } from '../features/users/messages.js';
import { historyMessages } from '../features/history/messages.js';
import { settingsMessages } from '../features/settings/messages.js';
import { receiversMessages } from '../features/settings/receivers.messages.js';
import { statsMessages } from '../features/stats/messages.js';
import { alarmMessages } from '../features/alarm/messages.js';
import { outcomeMessages } from '../features/alarm/outcome.messages.js';
import { healthMessages } from '../features/devices/messages.js';
import { kindMessages } from '../features/alarm/kind.messages.js';
import { callOutMessages } from '../features/alarm/callout.messages.js';
import { auditMessages } from '../features/audit/messages.js';
import { auditActionMessages } from '../features/audit/action.messages.js';
// Type only: the push texts load with their feature (features/push/PushIntl.tsx).
import type { pushMessages } from '../features/push/messages.js';
import { shiftMessages } from './shift.messages.js';

/**
 * Every feature's catalogue, merged per language. A feature adds its own
 * `messages.ts` (built with defineCatalogue) to this list.
 */
const catalogues = [
  commonMessages,
  dashboardMessages,
  layoutMessages,
  authMessages,
  usersMessages,
  historyMessages,
  settingsMessages,
  receiversMessages,
  statsMessages,
  alarmMessages,
  outcomeMessages,
  healthMessages,
  kindMessages,
  callOutMessages,
  auditMessages,
  auditActionMessages,
  shiftMessages,
] as const;

type Keys<C> = C extends Record<Locale, Record<infer K, string>> ? K : never;
export type MessageId = Keys<(typeof catalogues)[number]> | Keys<typeof pushMessages>;

export const messages: Record<Locale, Record<MessageId, string>> = (() => {
  const merged = {} as Record<Locale, Record<string, string>>;
  for (const catalogue of catalogues) {
    for (const [locale, entries] of Object.entries(catalogue) as [
      Locale,
      Record<string, string>,
    ][]) {
      merged[locale] = { ...merged[locale], ...entries };
    }
  }
  return merged as Record<Locale, Record<MessageId, string>>;
})();

// Typed message ids for react-intl's FormattedMessage and intl.formatMessage.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

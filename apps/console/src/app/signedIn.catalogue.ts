import type { Locale } from '../i18n/locales.js';
import { mergeCatalogues } from '../i18n/merge.js';
import { pushMessages } from '../shell/push/messages.js';
import { kindMessages } from '../widgets/alarm/kind.messages.js';
import { deviceWordsMessages } from '../widgets/alarm/deviceWords.messages.js';
import { callOutMessages } from '../widgets/alarm/callout.messages.js';
import { auditMessages } from '../features/audit/messages.js';
import { auditActionMessages } from '../features/audit/action.messages.js';
import { healthMessages } from '../features/devices/messages.js';
import { expectationsMessages } from '../features/devices/expectations.messages.js';
import { historyMessages } from '../features/history/messages.js';
import { statsMessages } from '../features/stats/messages.js';
import { receiversMessages } from '../features/settings/receivers.messages.js';
import { voiceMessages } from '../widgets/voice/messages.js';
import { walkReportMessages } from '../i18n/walkReport.messages.js';

/**
 * Texts only the signed-in screens show (push, device health, alarm kinds, call-out, the audit log,
 * the history, statistics and date ranges, the receivers block, voice), never the snackbar (store/errors.ts):
 * build/messagesPlugin.ts compiles them into `virtual:signed-in-messages/<locale>`, which
 * loads with the signed-in layout (i18n/SignedInIntl.tsx), never with /login: the start-up
 * chunk keeps within the /login budget (bench weight) as features add their texts.
 */
export const signedInCatalogues = [
  pushMessages,
  kindMessages,
  deviceWordsMessages,
  callOutMessages,
  auditMessages,
  auditActionMessages,
  healthMessages,
  expectationsMessages,
  historyMessages,
  statsMessages,
  receiversMessages,
  voiceMessages,
  walkReportMessages,
] as const;

export const messages: Record<Locale, Record<string, string>> = mergeCatalogues(signedInCatalogues);

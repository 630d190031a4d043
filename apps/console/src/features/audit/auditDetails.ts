import type { AuditItem } from '@sos/contract';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A setting's value as the reader writes numbers (Arabic-Indic digits in Arabic); others as text. */
const shown = (intl: IntlShape, value: unknown) =>
  typeof value === 'number' ? intl.formatNumber(value, { useGrouping: false }) : text(value);

/** The alarm settings by the names the settings page gives them. */
const SETTING_LABELS: Record<string, MessageId> = {
  ackTargetSeconds: 'alarm.ackTarget',
  offlineAfterSeconds: 'alarm.offlineAfter',
  requireOutcome: 'walk.requireOutcome',
  dashboardOrder: 'walk.dashboardOrder',
};

/**
 * A record's details in words: the fields changed, each alarm setting before → after, an
 * export's filters, an unknown username's fingerprint (the first characters of its hash).
 */
export function describeDetails(intl: IntlShape, details: AuditItem['details']): string {
  if (!details) return '';
  const parts: string[] = [];
  if (Array.isArray(details.fields)) {
    parts.push(
      intl.formatMessage({ id: 'audit.fields' }, { fields: details.fields.map(text).join(', ') }),
    );
  }
  const before = details.before as Record<string, unknown> | undefined;
  const after = details.after as Record<string, unknown> | undefined;
  if (before && after) {
    // The settings that changed; all of them when a save changed none.
    const names = Object.keys(after);
    const changed = names.filter((name) => text(before[name]) !== text(after[name]));
    for (const name of changed.length ? changed : names) {
      const label = SETTING_LABELS[name];
      parts.push(
        intl.formatMessage(
          { id: 'audit.change' },
          {
            name: label ? intl.formatMessage({ id: label }) : name,
            before: shown(intl, before[name]),
            after: shown(intl, after[name]),
          },
        ),
      );
    }
  }
  if (details.filters && typeof details.filters === 'object') {
    const filters = Object.entries(details.filters).map(([key, value]) => `${key}=${text(value)}`);
    parts.push(
      intl.formatMessage(
        { id: 'audit.filters' },
        {
          filters: filters.length
            ? filters.join(', ')
            : intl.formatMessage({ id: 'audit.noFilters' }),
        },
      ),
    );
  }
  if (typeof details.usernameHash === 'string') {
    parts.push(
      intl.formatMessage({ id: 'audit.unknownUser' }, { hash: details.usernameHash.slice(0, 8) }),
    );
  }
  return parts.join(' · ');
}

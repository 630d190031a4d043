import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messages as startUp } from '../../app/catalogue.js';
import { messages as signedIn } from '../../app/signedIn.catalogue.js';
import { INTL_TAGS } from '../../i18n/locales.js';
import { describeDetails } from './auditDetails.js';

const intl = (locale: 'ar' | 'it') =>
  createIntl({ locale: INTL_TAGS[locale], messages: { ...startUp[locale], ...signedIn[locale] } });

const CHANGE = { before: { ackTargetSeconds: 60 }, after: { ackTargetSeconds: 120 } };

describe('describeDetails', () => {
  it('writes a setting’s numbers in Arabic-Indic digits in Arabic', () => {
    const text = describeDetails(intl('ar'), CHANGE);
    expect(text).toContain('٦٠ ← ١٢٠');
    expect(text).not.toMatch(/[0-9]/);
  });

  it('keeps ASCII digits in Italian, without grouping', () => {
    expect(describeDetails(intl('it'), { before: { x: 1200 }, after: { x: 60 } })).toBe(
      'x: 1200 → 60',
    );
  });
});

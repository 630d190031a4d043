import { describe, expect, it } from 'vitest';
import { messages } from '../app/signedIn.catalogue.js';
import { INTL_TAGS, LOCALES } from '../i18n/locales.js';
import { dayOrder, formatDay, parseDay } from './dayText.js';

describe('a day as the console language writes it', () => {
  it('writes Italian dd/mm/yyyy, English mm/dd/yyyy, German dd.mm.yyyy', () => {
    expect(formatDay('2025-03-10', INTL_TAGS.it)).toBe('10/03/2025');
    expect(formatDay('2025-03-10', INTL_TAGS.en)).toBe('03/10/2025');
    expect(formatDay('2025-03-10', INTL_TAGS.de)).toBe('10.03.2025');
    expect(formatDay('', INTL_TAGS.it)).toBe('');
  });

  it.each(LOCALES)('reads back what it writes in %s', (locale) => {
    for (const day of ['1970-01-01', '2025-03-10', '2025-12-31', '2100-12-31'])
      expect(parseDay(formatDay(day, INTL_TAGS[locale]), INTL_TAGS[locale])).toBe(day);
  });

  it("reads the language's order, any separator, Arabic-Indic digits and ISO", () => {
    expect(parseDay('1/3/2025', INTL_TAGS.it)).toBe('2025-03-01');
    expect(parseDay('01-03-2025', INTL_TAGS.fr)).toBe('2025-03-01');
    expect(parseDay('1/3/2025', INTL_TAGS.en)).toBe('2025-01-03');
    expect(parseDay('١٠/٠٣/٢٠٢٥', INTL_TAGS.ar)).toBe('2025-03-10');
    expect(parseDay('2025-03-01', INTL_TAGS.en)).toBe('2025-03-01');
    expect(parseDay('0001-01-01', INTL_TAGS.it)).toBe('0001-01-01');
  });

  it('refuses what is no day', () => {
    for (const text of ['', '10/03', '10/03/25', '31/02/2025', '10/13/2025', '100/03/2025', 'oggi'])
      expect(parseDay(text, INTL_TAGS.it)).toBeNull();
  });

  // The placeholder is written by hand per language: it must say the order the field reads.
  it.each(LOCALES)('shows in %s a pattern in the order it reads', (locale) => {
    const pattern = messages[locale]['report.datePattern'] ?? '';
    const kind = (part: string) =>
      /^(gg|dd|jj|TT|يوم)$/.test(part)
        ? 'day'
        : /^(mm|MM|شهر)$/.test(part)
          ? 'month'
          : /^(aaaa|yyyy|JJJJ|سنة)$/.test(part)
            ? 'year'
            : part;
    expect(pattern.split(/[/.]/).map(kind)).toEqual(dayOrder(INTL_TAGS[locale]));
  });
});

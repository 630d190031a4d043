import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messages } from '../app/catalogue.js';

const say = (
  locale: 'ar' | 'it',
  id: keyof (typeof messages)['it'],
  values: Record<string, number>,
) =>
  String(new IntlMessageFormat(messages[locale][id], locale).format(values)).replace(
    /[\u0660-\u0669]/g,
    (d) => String(d.charCodeAt(0) - 0x0660),
  );

describe('plurals by the language’s rules', () => {
  it('says Arabic minutes in the plural form the number asks for', () => {
    expect(say('ar', 'alarm.age', { n: 1 })).toBe('منذ دقيقة واحدة');
    expect(say('ar', 'alarm.age', { n: 2 })).toBe('منذ دقيقتين');
    expect(say('ar', 'alarm.age', { n: 6 })).toBe('منذ 6 دقائق');
    expect(say('ar', 'alarm.age', { n: 11 })).toBe('منذ 11 دقيقة');
    expect(say('it', 'alarm.age', { n: 6 })).toBe('da 6 min');
  });

  it('says an Arabic character limit in the right form', () => {
    expect(say('ar', 'validation.tooLong', { max: 5 })).toBe('بحد أقصى 5 أحرف');
    expect(say('ar', 'validation.tooLong', { max: 100 })).toBe('بحد أقصى 100 حرف');
  });
});

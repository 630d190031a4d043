import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messages as startUp } from './catalogue.js';
import { INTL_TAGS, LOCALES } from '../i18n/locales.js';
import { mergeCatalogues } from '../i18n/merge.js';
import { messages as signedIn } from './signedIn.catalogue.js';

// Arabic writes every number in Arabic-Indic digits (docs/console.md). A number given to a
// plain `{n}` escapes that: react-intl writes it with String(n), in ASCII digits. A number
// reaches the reader's digits only as `{n, number}` or a plural's `#`.
const messages = mergeCatalogues([startUp, signedIn]) as typeof startUp;
const ids = Object.keys(messages.it) as (keyof typeof messages.it)[];

/** The arguments a text formats as numbers (`{n, number}`, `{n, plural, …}`) and those it does not. */
function argumentKinds(elements: MessageFormatElement[], kinds = new Map<string, string>()) {
  for (const element of elements) {
    if (element.type === TYPE.argument) kinds.set(element.value, 'text');
    if (element.type === TYPE.number || element.type === TYPE.plural)
      kinds.set(element.value, 'number');
    if (element.type === TYPE.select) kinds.set(element.value, 'text');
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentKinds(option.value, kinds);
    if (element.type === TYPE.tag) argumentKinds(element.children, kinds);
  }
  return kinds;
}

/** Codes written as sent in every language: a protocol's name, code points, a phone number. */
const CODES = /DC-09|U\+[0-9A-F]{4}|\(112\)/g;

describe('numbers in the language’s digits', () => {
  it('formats an argument as a number in every language or in none', () => {
    const mixed: string[] = [];
    for (const id of ids) {
      const kinds = LOCALES.map((locale) => argumentKinds(parse(messages[locale][id])));
      for (const [name, kind] of kinds[0] ?? [])
        if (kinds.some((k) => k.get(name) !== kind)) mixed.push(`${id} {${name}}`);
    }
    expect(mixed).toEqual([]);
  });

  it('writes no ASCII digit in an Arabic text, codes aside', () => {
    const latin = ids.filter((id) => /[0-9]/.test(messages.ar[id].replace(CODES, '')));
    expect(latin).toEqual([]);
  });

  it('writes a count given to "SOS da gestire" and the tab title in Arabic-Indic digits', () => {
    const intl = createIntl({ locale: INTL_TAGS.ar, messages: messages.ar });
    for (const id of ['alarm.banner', 'shift.tabTitle', 'health.battery'] as const) {
      const text = intl.formatMessage({ id }, { n: 15 });
      expect(text).toContain('١٥');
      expect(text.replace('SOS', '')).not.toMatch(/[0-9]/);
    }
  });
});

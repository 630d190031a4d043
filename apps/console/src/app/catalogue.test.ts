import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { FORM_ERRORS } from '@sos/contract/form-errors';
import { messages as startUp } from './catalogue.js';
import { INTL_TAGS, LOCALES } from '../i18n/locales.js';
import { mergeCatalogues } from '../i18n/merge.js';
import { messages as signedIn } from './signedIn.catalogue.js';

// Both catalogues: the start-up one and the one that loads with the signed-in layout.
const messages = mergeCatalogues([startUp, signedIn]) as typeof startUp;

const italian = messages.it;
const ids = Object.keys(italian) as (keyof typeof italian)[];
/** Names of the ICU arguments of a message: `{username}`, `{minutes, plural, …}`. */
const argumentsOf = (text: string) =>
  new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]));

describe('message catalogues', () => {
  it('keeps every id in one catalogue only', () => {
    expect(Object.keys(signedIn.it).filter((id) => id in startUp.it)).toEqual([]);
  });

  it('has Italian texts', () => {
    expect(ids.length).toBeGreaterThan(50);
    expect(italian.attention).toBe('Attenzione!');
  });

  it("has a text for every message the contract's form rules say", () => {
    expect(Object.values(FORM_ERRORS).filter((id) => !(id in italian))).toEqual([]);
  });

  for (const locale of LOCALES) {
    it(`${locale}: has every Italian key, none empty`, () => {
      const catalogue = messages[locale] as Record<string, string | undefined>;
      const missing = ids.filter((id) => !catalogue[id]?.trim());
      expect(missing).toEqual([]);
    });

    it(`${locale}: uses the same arguments as Italian and every text parses`, () => {
      const errors: string[] = [];
      const intl = createIntl({
        locale: INTL_TAGS[locale],
        messages: messages[locale],
        onError: (e) => errors.push(e.message),
      });
      for (const id of ids) {
        const text = messages[locale][id];
        expect([id, [...argumentsOf(text)].sort()]).toEqual([
          id,
          [...argumentsOf(italian[id])].sort(),
        ]);
        const values = Object.fromEntries([...argumentsOf(text)].map((name) => [name, 3]));
        intl.formatMessage({ id }, values);
      }
      expect(errors).toEqual([]);
    });
  }
});

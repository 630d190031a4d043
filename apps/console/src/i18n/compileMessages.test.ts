import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messages } from '../app/catalogue.js';
import { compileMessages } from './compileMessages.js';
import type { CompiledCatalogue } from './localeResources.js';
import { INTL_TAGS, LOCALES } from './locales.js';

/** A value for each ICU argument of a message: `{username}`, `{minutes, plural, …}`. */
const valuesOf = (text: string, value: number) =>
  Object.fromEntries([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => [m[1], value]));

describe('precompiled messages (build/messagesPlugin.ts)', () => {
  for (const locale of LOCALES) {
    it(`${locale}: format exactly as the source texts`, () => {
      const errors: string[] = [];
      const onError = (e: Error) => errors.push(e.message);
      const fromText = createIntl({
        locale: INTL_TAGS[locale],
        messages: messages[locale],
        onError,
      });
      const fromAst = createIntl({
        locale: INTL_TAGS[locale],
        messages: compileMessages(messages[locale]) as CompiledCatalogue,
        onError,
      });
      for (const id of Object.keys(messages[locale]) as (keyof (typeof messages)['it'])[]) {
        // 1 and 3: both plural branches.
        for (const value of [1, 3]) {
          const values = valuesOf(messages[locale][id], value);
          expect([id, fromAst.formatMessage({ id }, values)]).toEqual([
            id,
            fromText.formatMessage({ id }, values),
          ]);
        }
      }
      expect(errors).toEqual([]);
    });
  }
});

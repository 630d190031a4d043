import { describe, expect, it } from 'vitest';
import {
  createEmployeeRequestSchema,
  FORM_ERRORS,
  loginFormSchema,
  loginRequestSchema,
  readFormError,
  setApiKeyRequestSchema,
  settingsFormSchema,
  updateEmployeeRequestSchema,
  userFormSchema,
} from '../src/index.js';

/** Texts around every limit and rule: blanks, lengths at and past each maximum, non-ASCII. */
const TEXTS = [
  '',
  ' ',
  'a',
  'abc',
  'abcd',
  ' abcd ',
  'short7c',
  'password1',
  'chiave-è-segreta',
  'tab\there',
  'emoji-🙂-key',
  ...[49, 50, 51, 99, 100, 101, 199, 200, 201].map((n) => 'x'.repeat(n)),
  ` ${'y'.repeat(200)} `,
];
const EMAILS = [
  '',
  'nope',
  'maria@example.it',
  'maria@example.museum',
  ` maria@example.it `,
  `${'e'.repeat(244)}@example.it`,
  `${'e'.repeat(245)}@example.it`,
];

describe('the console forms accept exactly what the API accepts', () => {
  it('sign-in', () => {
    for (const username of TEXTS) {
      for (const password of TEXTS) {
        const input = { username, password };
        expect(loginFormSchema.safeParse(input).success, JSON.stringify(input)).toBe(
          loginRequestSchema.safeParse(input).success,
        );
      }
    }
  });

  it('the API key', () => {
    for (const apiKey of TEXTS) {
      expect(settingsFormSchema.safeParse({ apiKey }).success, apiKey).toBe(
        setApiKeyRequestSchema.safeParse({ apiKey }).success,
      );
    }
  });

  it('a new user and an edited one (the password confirmed)', () => {
    for (const username of TEXTS) {
      for (const email of EMAILS) {
        for (const password of TEXTS) {
          const user = { username, email, password };
          const form = { ...user, confirmPassword: password };
          expect(userFormSchema('create').safeParse(form).success, JSON.stringify(user)).toBe(
            createEmployeeRequestSchema.safeParse(user).success,
          );
          expect(userFormSchema('edit').safeParse(form).success, JSON.stringify(user)).toBe(
            updateEmployeeRequestSchema.safeParse(user).success,
          );
        }
      }
    }
    // 3,087 combinations, four parses each: a second alone, over 5 s on a loaded 2-core machine.
  }, 60_000);
});

describe('what a form says beyond docs/console.md', () => {
  it('a text past its maximum names the maximum', () => {
    const result = settingsFormSchema.safeParse({ apiKey: 'k'.repeat(201) });
    const message = result.error?.issues[0]?.message ?? '';
    expect(readFormError(message)).toEqual({ id: FORM_ERRORS.tooLong, values: { max: 200 } });
  });

  it('an API key the devices could not send in a header', () => {
    const result = settingsFormSchema.safeParse({ apiKey: 'chiave-è-segreta' });
    expect(result.error?.issues[0]?.message).toBe(FORM_ERRORS.apiKeyAscii);
    expect(readFormError(FORM_ERRORS.apiKeyAscii)).toEqual({
      id: FORM_ERRORS.apiKeyAscii,
      values: {},
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  FORM_ERRORS,
  loginFormSchema,
  settingsFormSchema,
  userFormSchema,
} from '../src/index.js';

/** The first message per field, as the console's form shows it. */
function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('docs/console.md validation rules', () => {
  it('login: username and password are required', () => {
    expect(issues(loginFormSchema.safeParse({ username: ' ', password: '' }))).toEqual({
      username: FORM_ERRORS.required,
      password: FORM_ERRORS.required,
    });
  });

  it('email: a basic pattern whose top-level domain has 2 to 4 characters', () => {
    expect(EMAIL_PATTERN.test('maria@example.it')).toBe(true);
    expect(EMAIL_PATTERN.test('maria@example.info')).toBe(true);
    expect(EMAIL_PATTERN.test('maria@example.c')).toBe(false);
    expect(EMAIL_PATTERN.test('maria@example.museum')).toBe(false);
    expect(EMAIL_PATTERN.test('maria example.it')).toBe(false);
  });

  it('user form, create: password and confirmation required and equal', () => {
    const create = userFormSchema('create');
    const base = { username: 'maria', email: 'maria@example.it' };
    expect(issues(create.safeParse({ ...base, password: '', confirmPassword: '' }))).toEqual({
      password: FORM_ERRORS.required,
      confirmPassword: FORM_ERRORS.required,
    });
    expect(
      issues(create.safeParse({ ...base, password: 'password1', confirmPassword: 'password2' })),
    ).toEqual({ confirmPassword: FORM_ERRORS.passwordsDiffer });
    expect(
      create.safeParse({ ...base, password: 'password1', confirmPassword: 'password1' }).success,
    ).toBe(true);
  });

  it('user form, edit: a blank password keeps the old one; a new one must be confirmed', () => {
    const edit = userFormSchema('edit');
    const base = { username: 'maria', email: 'maria@example.it' };
    expect(edit.safeParse({ ...base, password: '', confirmPassword: '' }).success).toBe(true);
    expect(issues(edit.safeParse({ ...base, password: 'password1', confirmPassword: '' }))).toEqual(
      {
        confirmPassword: FORM_ERRORS.required,
      },
    );
    expect(
      issues(edit.safeParse({ ...base, password: 'short', confirmPassword: 'short' })),
    ).toEqual({
      password: FORM_ERRORS.passwordMin,
    });
  });

  it('settings: apiKey required, at least 4 characters', () => {
    expect(issues(settingsFormSchema.safeParse({ apiKey: '' }))).toEqual({
      apiKey: FORM_ERRORS.required,
    });
    expect(issues(settingsFormSchema.safeParse({ apiKey: 'abc' }))).toEqual({
      apiKey: FORM_ERRORS.apiKeyMin,
    });
    expect(settingsFormSchema.safeParse({ apiKey: 'abcd' }).success).toBe(true);
  });
});

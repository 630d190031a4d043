import type { RuleId, Say } from './rules.js';

/**
 * What the console's forms say when a rule fails: message ids of its catalogue. Zod-free,
 * so a form field can read them without loading the schemas.
 */
export const FORM_ERRORS = {
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  email: 'validation.email',
  passwordMin: 'validation.passwordMin',
  passwordsDiffer: 'validation.passwordsDiffer',
  passwordMinSuperAdmin: 'validation.passwordMinSuperAdmin',
  passwordCommon: 'validation.passwordCommon',
  apiKeyMin: 'validation.apiKeyMin',
  apiKeyAscii: 'validation.apiKeyAscii',
  textControls: 'validation.textControls',
  textControlChars: 'validation.textControlChars',
  textInvisible: 'validation.textInvisible',
} as const satisfies Record<
  RuleId | 'passwordsDiffer' | 'passwordMinSuperAdmin' | 'passwordCommon',
  string
>;

/**
 * A form error is a message id, its values after a '|' (`validation.tooLong|max=50`):
 * react-hook-form carries one string per field.
 */
export const sayFormError: Say = (rule, values) =>
  values ? `${FORM_ERRORS[rule]}|max=${values.max}` : FORM_ERRORS[rule];

/** The message id and values of a form error. */
export function readFormError(message: string): { id: string; values: Record<string, number> } {
  const [id = '', ...pairs] = message.split('|');
  const values = Object.fromEntries(
    pairs.map((pair) => pair.split('=')).map(([key = '', value]) => [key, Number(value)]),
  );
  return { id, values };
}

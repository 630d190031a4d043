import { z } from 'zod';
import {
  API_KEY_MAX_LENGTH,
  API_KEY_MIN_LENGTH,
  API_KEY_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  LOGIN_USERNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from './limits.js';
import { misleadingTextProblem } from './text.js';

/**
 * The rules of the fields people type, written once: the API's request schemas and the
 * console's forms are both built from them, so a form never accepts what the server
 * refuses, nor the reverse. Only what a failed rule says differs: the API answers English
 * (after the field's path), a form shows a message id of the console's catalogue.
 */
export type RuleId =
  | 'required'
  | 'tooLong'
  | 'email'
  | 'passwordMin'
  | 'apiKeyMin'
  | 'apiKeyAscii'
  | 'textControls'
  | 'textControlChars'
  | 'textInvisible';
/** What a failed rule says; `max` for tooLong. Undefined: zod's own (English) message. */
export type Say = (rule: RuleId, values?: { max: number }) => string | undefined;

const API_TEXTS: Record<RuleId, string | undefined> = {
  required: 'is required',
  tooLong: undefined, // zod's "Too big: expected string to have <=N characters"
  email: 'must be a valid email address',
  passwordMin: `must be at least ${PASSWORD_MIN_LENGTH} characters`,
  apiKeyMin: `must be at least ${API_KEY_MIN_LENGTH} characters`,
  apiKeyAscii: 'must contain printable ASCII characters only (it travels in an HTTP header)',
  textControls:
    'must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069) or line/paragraph separators (U+2028, U+2029)',
  textControlChars:
    'must not contain control characters (U+0000–U+001F but tab and line breaks, U+007F–U+009F) or lone surrogates',
  textInvisible: 'must contain at least one visible character',
};
export const sayInEnglish: Say = (rule) => API_TEXTS[rule];

/**
 * A required text: blank (after trimming) fails with `required` first. Not an aborting check:
 * a form's cross-field rules (the password confirmation) still run beside it.
 */
const requiredText = (say: Say) => z.string().trim().min(1, say('required'));
const atMost = (say: Say, max: number) => ({ error: say('tooLong', { max }) });

/**
 * The rule of every free text shown to operators (names, usernames, profile fields and
 * contacts, notes; text.ts says why): a check to chain on a string schema, e.g.
 * `z.string().max(100).superRefine(operatorTextCheck(sayInEnglish))`, or `readableText(schema)`.
 */
export const operatorTextCheck =
  (say: Say) =>
  (value: string, ctx: z.RefinementCtx<string>): void => {
    const problem = misleadingTextProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: say(problem) ?? problem, input: value });
  };

/** `schema` with the rule of text an operator reads, its messages in English (the API's). */
export const readableText = <T extends z.ZodString>(schema: T, say: Say = sayInEnglish): T =>
  schema.superRefine(operatorTextCheck(say));

/** The fields, each with its rules, speaking through `say`. */
export function fieldRules(say: Say) {
  return {
    loginUsername: requiredText(say).max(
      LOGIN_USERNAME_MAX_LENGTH,
      atMost(say, LOGIN_USERNAME_MAX_LENGTH),
    ),
    loginPassword: z
      .string()
      .min(1, say('required'))
      .max(PASSWORD_MAX_LENGTH, atMost(say, PASSWORD_MAX_LENGTH)),
    username: readableText(
      requiredText(say).max(USERNAME_MAX_LENGTH, atMost(say, USERNAME_MAX_LENGTH)),
      say,
    ),
    email: readableText(
      requiredText(say)
        .max(EMAIL_MAX_LENGTH, atMost(say, EMAIL_MAX_LENGTH))
        .regex(EMAIL_PATTERN, say('email')),
      say,
    ),
    /** A new password (the login's is only required: older passwords may be shorter). */
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, say('passwordMin'))
      .max(PASSWORD_MAX_LENGTH, atMost(say, PASSWORD_MAX_LENGTH)),
    apiKey: requiredText(say)
      .min(API_KEY_MIN_LENGTH, say('apiKeyMin'))
      .max(API_KEY_MAX_LENGTH, atMost(say, API_KEY_MAX_LENGTH))
      .regex(API_KEY_PATTERN, say('apiKeyAscii')),
  };
}

/** The rules as the API states them. */
export const apiFields = fieldRules(sayInEnglish);

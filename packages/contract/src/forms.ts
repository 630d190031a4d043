import { z } from 'zod';
import { API_KEY_MIN_LENGTH, EMAIL_PATTERN, PASSWORD_MIN_LENGTH } from './limits.js';

/**
 * Console form schemas (spec §5). Their messages are message ids of the console's
 * catalogue, so each form shows the error in the chosen language.
 */
export const FORM_ERRORS = {
  required: 'validation.required',
  email: 'validation.email',
  passwordMin: 'validation.passwordMin',
  passwordsDiffer: 'validation.passwordsDiffer',
  apiKeyMin: 'validation.apiKeyMin',
} as const;

export const loginFormSchema = z.object({
  username: z.string().trim().min(1, FORM_ERRORS.required),
  password: z.string().min(1, FORM_ERRORS.required),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Create mode requires a password; edit mode keeps the old one when left blank. */
export function userFormSchema(mode: 'create' | 'edit') {
  return z
    .object({
      username: z.string().trim().min(1, FORM_ERRORS.required),
      email: z.string().trim().min(1, FORM_ERRORS.required).regex(EMAIL_PATTERN, FORM_ERRORS.email),
      password: z.string(),
      confirmPassword: z.string(),
    })
    .superRefine((v, ctx) => {
      if (mode === 'create' && v.password === '') {
        ctx.addIssue({ code: 'custom', path: ['password'], message: FORM_ERRORS.required });
      } else if (v.password !== '' && v.password.length < PASSWORD_MIN_LENGTH) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: FORM_ERRORS.passwordMin });
      }
      if ((mode === 'create' || v.password !== '') && v.confirmPassword === '') {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: FORM_ERRORS.required });
      } else if (v.password !== '' && v.confirmPassword !== v.password) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: FORM_ERRORS.passwordsDiffer,
        });
      }
    });
}
export type UserForm = z.infer<ReturnType<typeof userFormSchema>>;

export const settingsFormSchema = z.object({
  apiKey: z.string().trim().min(1, FORM_ERRORS.required).min(API_KEY_MIN_LENGTH, FORM_ERRORS.apiKeyMin),
});
export type SettingsForm = z.infer<typeof settingsFormSchema>;

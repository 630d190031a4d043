import { z } from 'zod';
import { FORM_ERRORS, sayFormError } from './form-errors.js';
import { fieldRules } from './rules.js';
import { roleSchema } from './roles.js';
import { SUPER_ADMIN_PASSWORD_MIN_LENGTH } from './limits.js';

/**
 * Console form schemas (docs/console.md), built from the API's own field rules (rules.ts); their
 * messages are message ids of the console's catalogue (form-errors.ts), so each form shows
 * the error in the chosen language.
 */
const rules = fieldRules(sayFormError);

export const loginFormSchema = z.object({
  username: rules.loginUsername,
  password: rules.loginPassword,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Create mode requires a password; edit mode keeps the old one when left blank. */
export function userFormSchema(mode: 'create' | 'edit') {
  return z
    .object({
      username: rules.username,
      email: rules.email,
      password: z.string(),
      confirmPassword: z.string(),
      /** "Ruolo" (docs/shift.md): Operatore (EMPLOYEE, the default) or Super amministratore. */
      role: roleSchema.catch('EMPLOYEE'),
    })
    .superRefine((v, ctx) => {
      if (mode === 'create' && v.password === '') {
        ctx.addIssue({ code: 'custom', path: ['password'], message: FORM_ERRORS.required });
      } else if (v.password !== '') {
        // The API's rule for a new password, with its first message.
        const issue = rules.password.safeParse(v.password).error?.issues[0];
        if (issue) ctx.addIssue({ code: 'custom', path: ['password'], message: issue.message });
        else if (v.role === 'SUPER_ADMIN' && v.password.length < SUPER_ADMIN_PASSWORD_MIN_LENGTH) {
          ctx.addIssue({
            code: 'custom',
            path: ['password'],
            message: FORM_ERRORS.passwordMinSuperAdmin,
          });
        }
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

export const settingsFormSchema = z.object({ apiKey: rules.apiKey });
export type SettingsForm = z.infer<typeof settingsFormSchema>;

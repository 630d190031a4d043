import type { LoginForm } from '@sos/contract';

/** A form error (@sos/contract/form-errors) per field that fails the login schema. */
export type LoginErrors = Partial<Record<keyof LoginForm, string>>;

let loading: Promise<(values: LoginForm) => LoginErrors> | null = null;

/**
 * Starts loading the contract's login schema (zod): the first keystroke calls it, so the
 * login screen's first paint downloads none of it. Resolves to the check: each field's
 * first failed rule, as the other forms' resolver reports it.
 */
export function preloadLoginValidation(): Promise<(values: LoginForm) => LoginErrors> {
  loading ??= import('@sos/contract').then(({ loginFormSchema }) => (values: LoginForm) => {
    const errors: LoginErrors = {};
    for (const issue of loginFormSchema.safeParse(values).error?.issues ?? []) {
      const field = issue.path[0] as keyof LoginForm;
      errors[field] ??= issue.message;
    }
    return errors;
  });
  return loading;
}

import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './FormTextField.js';
import { usePasswordToggle } from './PasswordToggle.js';

/** A password field with a show/hide button, bound to react-hook-form. */
export function PasswordField<T extends FieldValues>(
  props: Omit<FormTextFieldProps<T>, 'type' | 'endAdornment'>,
) {
  return <FormTextField {...props} {...usePasswordToggle()} />;
}

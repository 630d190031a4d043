import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { OutlinedField, type OutlinedFieldOptions } from './OutlinedField.js';

export interface FormTextFieldProps<T extends FieldValues> extends OutlinedFieldOptions {
  name: FieldPath<T>;
  control: Control<T>;
}

/** An outlined text field (OutlinedField) bound to react-hook-form. */
export function FormTextField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { name, control, ...options } = props;
  const { field, fieldState } = useController({ name, control });
  return (
    <OutlinedField
      {...options}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
    />
  );
}

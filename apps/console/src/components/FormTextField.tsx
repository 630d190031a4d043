import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/catalogue.js';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'label' | 'error'> & {
  name: FieldPath<T>;
  control: Control<T>;
  label: MessageId;
};

/**
 * A MUI text field bound to react-hook-form. The `name` attribute is the form field's
 * name (spec field names), and the schema's message id is shown translated.
 */
export function FormTextField<T extends FieldValues>({ name, control, label, helperText, ...rest }: Props<T>) {
  const intl = useIntl();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  return (
    <TextField
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={intl.formatMessage({ id: label })}
      error={Boolean(error)}
      helperText={error ? intl.formatMessage({ id: error as MessageId }) : helperText}
    />
  );
}

import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { readFormError } from '@sos/contract/form-errors';
import type { MessageId } from '../i18n/messageId.js';
import { LTR_INPUT } from './LtrText.js';

export interface FormTextFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  control: Control<T>;
  label: MessageId;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  spellCheck?: boolean;
  /** After the text, inside the outline (e.g. the password's show/hide button). */
  endAdornment?: ReactNode;
  /** Style of the <input> itself. */
  inputStyle?: CSSProperties;
  /** Keys and codes: typed and shown left to right, in right-to-left pages too. */
  ltr?: boolean;
}

/**
 * An outlined text field bound to react-hook-form. The `name` attribute is the form
 * field's name (spec field names), and the schema's message id (with its values, e.g. a
 * maximum length) is shown translated.
 *
 * Built from MUI's parts as TextField builds it (same markup, classes and look, full width,
 * normal margin), without TextField itself: it imports Select, and with it Menu, Popover
 * and Modal, which the login page would download for nothing.
 */
export function FormTextField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { name, control, label, helperText, endAdornment, inputStyle, spellCheck, ltr, ...rest } =
    props;
  const intl = useIntl();
  const id = useId();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  const labelText = intl.formatMessage({ id: label });
  const shown = error ? readFormError(error) : undefined;
  const helper = shown
    ? intl.formatMessage({ id: shown.id as MessageId }, shown.values)
    : helperText;
  const helperId = helper ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      fullWidth
      margin="normal"
      required={rest.required}
      disabled={rest.disabled}
      error={Boolean(error)}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {labelText}
      </InputLabel>
      <OutlinedInput
        {...rest}
        id={id}
        label={labelText}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        endAdornment={endAdornment}
        aria-describedby={helperId}
        inputProps={{ spellCheck, style: inputStyle, ...(ltr ? LTR_INPUT : {}) }}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}

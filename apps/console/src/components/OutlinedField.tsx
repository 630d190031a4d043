import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import {
  useId,
  type ChangeEventHandler,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import { useIntl } from 'react-intl';
import { readFormError } from '@sos/contract/form-errors';
import type { MessageId } from '../i18n/messageId.js';
import { LTR_INPUT } from './LtrText.js';

/** What a field shows and how it is set up, whoever holds its value. */
export interface OutlinedFieldOptions {
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

export interface OutlinedFieldProps extends OutlinedFieldOptions {
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** A form error (`sayFormError`'s message id and values), shown translated. */
  error?: string;
}

/**
 * An outlined text field: the `name` attribute is the form field's name (spec field names),
 * and its error (a form error, @sos/contract/form-errors) is shown translated. The form
 * library stays outside: FormTextField binds it to react-hook-form; the login form, which
 * must not download that library, holds its two values itself.
 *
 * Built from MUI's parts as TextField builds it (same markup, classes and look, full width,
 * normal margin), without TextField itself: it imports Select, and with it Menu, Popover
 * and Modal, which the login page would download for nothing.
 */
export function OutlinedField(props: OutlinedFieldProps) {
  const { name, value, onChange, onBlur, inputRef, error, label, helperText, endAdornment } = props;
  const { inputStyle, spellCheck, ltr, ...rest } = props;
  const intl = useIntl();
  const id = useId();
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
        type={rest.type}
        autoComplete={rest.autoComplete}
        autoFocus={rest.autoFocus}
        required={rest.required}
        disabled={rest.disabled}
        id={id}
        label={labelText}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        endAdornment={endAdornment}
        aria-describedby={helperId}
        inputProps={{ spellCheck, style: inputStyle, ...(ltr ? LTR_INPUT : {}) }}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}

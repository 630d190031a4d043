import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { FORM_ERRORS, SOS_NOTE_MAX_LENGTH } from '@sos/contract';
import { misleadingTextProblem } from '@sos/contract/text';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';

/** The server's rule for text an operator reads (docs/hardening.md): undefined when it passes. */
export const sosTextProblem = (text: string) => misleadingTextProblem(text.trim());

/**
 * A note an operator writes on an SOS (a timeline note, the closing note): at most the
 * contract's length, and the server's rule said under the field before anything is sent.
 */
export function SosTextField({
  label,
  value,
  onChange,
  minRows,
  maxRows,
}: {
  label: MessageId;
  value: string;
  onChange: (value: string) => void;
} & Pick<TextFieldProps, 'minRows' | 'maxRows'>) {
  const intl = useIntl();
  const problem = sosTextProblem(value);
  return (
    <TextField
      label={intl.formatMessage({ id: label })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      {...(minRows === undefined ? {} : { minRows })}
      maxRows={maxRows}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { maxLength: SOS_NOTE_MAX_LENGTH } }}
      error={problem !== undefined}
      helperText={problem ? intl.formatMessage({ id: FORM_ERRORS[problem] }) : undefined}
    />
  );
}

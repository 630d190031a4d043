import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';
import { profileError } from './profileErrors.js';
import type { ProfileFormInput } from './profileForm.js';

export interface ProfileFieldProps {
  control: Control<ProfileFormInput, unknown, unknown>;
  name: FieldPath<ProfileFormInput>;
  label: MessageId;
  limit: Parameters<typeof profileError>[1];
  type?: string;
  multiline?: boolean;
  /** Its share of a row of fields. */
  sx?: SxProps<Theme>;
}

/** One text field of the profile form, its error said in the language on screen. */
export function ProfileField({
  control,
  name,
  label,
  limit,
  type,
  multiline = false,
  sx,
}: ProfileFieldProps) {
  const intl = useIntl();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = profileError(fieldState.error, limit);
        return (
          <TextField
            {...field}
            value={field.value ?? ''}
            label={intl.formatMessage({ id: label })}
            type={type ?? 'text'}
            multiline={multiline}
            minRows={multiline ? 3 : undefined}
            fullWidth
            size="small"
            {...(sx ? { sx } : {})}
            error={error !== undefined}
            helperText={error ? intl.formatMessage({ id: error.id }, error.values) : ' '}
          />
        );
      }}
    />
  );
}

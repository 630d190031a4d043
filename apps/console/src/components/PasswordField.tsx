import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { FormTextField, type FormTextFieldProps } from './FormTextField.js';

/** A password field with a show/hide button (a typo in a password is otherwise invisible). */
export function PasswordField<T extends FieldValues>(
  props: Omit<FormTextFieldProps<T>, 'type' | 'endAdornment'>,
) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const toggleLabel = intl.formatMessage({
    id: visible ? 'login.hidePassword' : 'login.showPassword',
  });
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={toggleLabel}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useIntl } from 'react-intl';

/**
 * A password field's show/hide button (a typo in a password is otherwise invisible): the
 * input's type and the button to put at its end.
 */
export function usePasswordToggle() {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const toggleLabel = intl.formatMessage({
    id: visible ? 'login.hidePassword' : 'login.showPassword',
  });
  return {
    type: visible ? 'text' : 'password',
    endAdornment: (
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
    ),
  };
}

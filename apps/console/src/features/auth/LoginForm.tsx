import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { LoginForm as LoginValues } from '@sos/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../store/hooks.js';
import { ROUTES } from '../../lib/routes.js';
import { showSnackbar } from '../../store/snackbarSlice.js';
import { FormTextField } from '../../components/FormTextField.js';
import { PasswordField } from '../../components/PasswordField.js';
import { login } from './login.js';
import { loginResolver, preloadLoginResolver } from './loginResolver.js';
import { sessionStarted } from '../../store/authSlice.js';
import { saveSession, sessionFromAuth } from '../../store/session.js';

/**
 * Username and password (docs/console.md: both required). A refused login is reported by the
 * one error listener (docs/console.md: 'Username o password errati').
 */
export function LoginForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [isLoading, setLoading] = useState(false);
  const { control, handleSubmit } = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    setLoading(true);
    const result = await dispatch(login(credentials));
    setLoading(false);
    if (!login.fulfilled.match(result)) return;
    const session = sessionFromAuth(result.payload);
    saveSession(session);
    dispatch(sessionStarted(session));
    dispatch(showSnackbar({ type: 'success', messageId: 'login_success' }));
    await navigate(ROUTES.sos, { replace: true });
  });

  return (
    // The validation code loads while the user types (onInput bubbles from both fields).
    <form onSubmit={onSubmit} onInput={() => void preloadLoginResolver()} noValidate>
      <FormTextField
        control={control}
        name="username"
        label="login.username"
        autoComplete="username"
        autoFocus
        required
      />
      <PasswordField
        control={control}
        name="password"
        label="login.password"
        autoComplete="current-password"
        required
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={isLoading}
        startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ mt: 3 }}
      >
        <FormattedMessage id="login.submit" />
      </Button>
    </form>
  );
}

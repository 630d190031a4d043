import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { LoginForm as LoginValues } from '@sos/contract';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../store/hooks.js';
import { ROUTES } from '../../lib/routes.js';
import { showSnackbar } from '../../store/snackbarSlice.js';
import { OutlinedField } from '../../components/OutlinedField.js';
import { usePasswordToggle } from '../../components/PasswordToggle.js';
import { login } from './login.js';
import { preloadLoginValidation, type LoginErrors } from './loginValidation.js';
import { sessionStarted } from '../../store/authSlice.js';
import { saveSession, sessionFromAuth } from '../../store/session.js';

const FIELDS = ['username', 'password'] as const;

/**
 * Username and password (docs/console.md: both required). A refused login is reported by the
 * one error listener (docs/console.md: 'Username o password errati').
 *
 * Two fields hold their values here rather than in react-hook-form, which /login would then
 * download (15 KB gzipped, bench weight). They behave as the other forms do: checked on
 * submit (the first wrong field focused), then again as each one changes.
 */
export function LoginForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [isLoading, setLoading] = useState(false);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<keyof LoginValues, HTMLInputElement | null>>>({});
  const password = usePasswordToggle();

  const change = (name: keyof LoginValues) => async (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    if (!submitted.current) return;
    const found = (await preloadLoginValidation())(next);
    setErrors((shown) => ({ ...shown, [name]: found[name] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const found = (await preloadLoginValidation())(values);
    setErrors(found);
    const wrong = FIELDS.find((name) => found[name]);
    if (wrong) {
      inputs.current[wrong]?.focus();
      return;
    }
    setLoading(true);
    const result = await dispatch(login(values));
    setLoading(false);
    if (!login.fulfilled.match(result)) return;
    const session = sessionFromAuth(result.payload);
    saveSession(session);
    dispatch(sessionStarted(session));
    dispatch(showSnackbar({ type: 'success', messageId: 'login_success' }));
    await navigate(ROUTES.sos, { replace: true });
  };

  return (
    // The validation code loads while the user types (onInput bubbles from both fields).
    <form
      onSubmit={(e) => void onSubmit(e)}
      onInput={() => void preloadLoginValidation()}
      noValidate
    >
      <OutlinedField
        name="username"
        label="login.username"
        autoComplete="username"
        autoFocus
        required
        value={values.username}
        onChange={(e) => void change('username')(e)}
        inputRef={(input) => void (inputs.current.username = input)}
        error={errors.username}
      />
      <OutlinedField
        name="password"
        label="login.password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(e) => void change('password')(e)}
        inputRef={(input) => void (inputs.current.password = input)}
        error={errors.password}
        {...password}
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

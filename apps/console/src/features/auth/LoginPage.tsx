import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectEndedBecause } from '../../store/authSlice.js';
import { PreferencesButton } from '../../widgets/preferences/PreferencesButton.js';
import { LoginForm } from './LoginForm.js';

// MUI's Alert is shown here only after an administrator changed the account: its chunk stays
// out of the sign-in page's first load (bench `weight`).
const AccountChangedNotice = lazy(() => import('./AccountChangedNotice.js'));

/**
 * The sign-in screen (docs/console.md /login): logo, username and password; above them, why
 * the server ended the last session when it said so (docs/security.md "Sessions").
 */
export default function LoginPage() {
  const intl = useIntl();
  const endedBecause = useAppSelector(selectEndedBecause);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (t) =>
          `radial-gradient(circle at 50% 0%, ${t.palette.primary.main}22, transparent 60%), ${t.palette.background.default}`,
      }}
    >
      <Box sx={{ position: 'fixed', top: 8, insetInlineEnd: 8 }}>
        <PreferencesButton />
      </Box>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ textAlign: 'center', mb: 1 }}>
          <Box
            component="img"
            src="/logo.svg"
            alt={intl.formatMessage({ id: 'layout.logoAlt' })}
            sx={{ width: 96, height: 96 }}
          />
          <Typography variant="h1" sx={{ mt: 1 }}>
            <FormattedMessage id="login.title" />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="login.subtitle" />
          </Typography>
        </Box>
        {endedBecause === 'ACCOUNT_CHANGED' && (
          <Suspense fallback={null}>
            <AccountChangedNotice />
          </Suspense>
        )}
        <LoginForm />
      </Paper>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAppSelector } from '../../store/hooks.js';
import { ROUTES } from '../../lib/routes.js';
import { selectUnhandledCount } from '../../entities/sos/alarmSelectors.js';

/**
 * Off the dashboard, how many SOS nobody has taken charge of, as a link to the dashboard
 * (docs/alarm-handling.md): an SOS that arrives while an operator is on another page is not missed.
 */
export function SosBanner() {
  const { pathname } = useLocation();
  const count = useAppSelector(selectUnhandledCount);
  if (pathname === ROUTES.sos || count === 0) return null;
  return (
    <Alert severity="error" variant="filled" role="status" sx={{ mb: 3 }}>
      <Link component={RouterLink} to={ROUTES.sos} color="inherit" sx={{ fontWeight: 700 }}>
        <FormattedMessage id="alarm.banner" values={{ n: count }} />
      </Link>
    </Alert>
  );
}

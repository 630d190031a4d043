import Link from '@mui/material/Link';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ROUTES } from '../../lib/routes.js';

/** Settings' way to "Dispositivi eliminati" (docs/alarm-handling.md); settings are SUPER_ADMIN only. */
export function DeletedDevicesLink() {
  return (
    <Link component={RouterLink} to={ROUTES.deletedDevices} sx={{ display: 'inline-block', mt: 3 }}>
      <FormattedMessage id="health.deletedDevices" />
    </Link>
  );
}

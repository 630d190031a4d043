import Alert from '@mui/material/Alert';
import { FormattedMessage } from 'react-intl';

/** Why the last session ended, above the sign-in form (docs/security.md "Sessions"). */
export default function AccountChangedNotice() {
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
      <FormattedMessage id="login.accountChanged" />
    </Alert>
  );
}

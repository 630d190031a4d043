import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';

/** The SOS dashboard (spec §2). */
export default function DashboardPage() {
  return (
    <Typography variant="h4" component="h1">
      <FormattedMessage id="dashboard.title" />
    </Typography>
  );
}

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useIntl } from 'react-intl';

/** Shown while a screen's code loads (each route is its own chunk). */
export function PageFallback() {
  const intl = useIntl();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={intl.formatMessage({ id: 'layout.loading' })} />
    </Box>
  );
}

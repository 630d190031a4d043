import Chip from '@mui/material/Chip';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectLiveStatus } from '../../store/liveSlice.js';

/** Tells the operator whether new SOS reach this screen right now. */
export function LiveStatusChip() {
  const intl = useIntl();
  const status = useAppSelector(selectLiveStatus);
  const down = status === 'down';
  const label = intl.formatMessage({
    id: down
      ? 'dashboard.liveLost'
      : status === 'open'
        ? 'dashboard.live'
        : 'dashboard.liveConnecting',
  });
  return (
    <Chip
      role="status"
      size="small"
      variant={down ? 'filled' : 'outlined'}
      color={down ? 'warning' : status === 'open' ? 'success' : 'default'}
      label={label}
    />
  );
}

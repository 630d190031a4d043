import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { playChime } from '../../widgets/alarm/chime.js';
import { selectLiveStatus, type LiveStatus } from '../../store/liveSlice.js';
import { DOWN_NOTICE_MS } from '../../widgets/live/LiveStream.js';

/** How long the live stream may be lost (or never opened) before every page says so. */
const LOST_BANNER_MS = 10_000;

/**
 * The worst failure of an alarm console is the silent one (docs/shift.md): 10 s after the
 * live stream was lost (or, if it never opened, 10 s after sign-in) every page shows this
 * banner and the chime sounds once; it goes as soon as the stream is open again.
 */
export function StreamLostBanner() {
  const status = useAppSelector(selectLiveStatus);
  // The status whose wait ran out; any newer status starts its own wait.
  const [expired, setExpired] = useState<LiveStatus | null>(null);
  const lost = status !== 'open' && expired === status;
  useEffect(() => {
    if (status === 'open') return;
    // 'down' is reported DOWN_NOTICE_MS after the loss; other states count from now.
    const wait = status === 'down' ? LOST_BANNER_MS - DOWN_NOTICE_MS : LOST_BANNER_MS;
    const timer = setTimeout(() => setExpired(status), wait);
    return () => {
      clearTimeout(timer);
      setExpired(null);
    };
  }, [status]);
  useEffect(() => {
    if (lost) playChime();
  }, [lost]);
  if (!lost) return null;
  return (
    <Alert severity="error" variant="filled" role="alert" sx={{ mb: 3 }}>
      <FormattedMessage id="shift.streamLost" />
    </Alert>
  );
}

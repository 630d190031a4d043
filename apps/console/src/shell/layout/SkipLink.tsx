import Link from '@mui/material/Link';
import { useIntl } from 'react-intl';

export const MAIN_CONTENT_ID = 'main-content';

/** Keyboard users jump past the top bar and sidebar; visible only when focused. */
export function SkipLink() {
  const intl = useIntl();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={(t) => ({
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: t.zIndex.tooltip,
        p: 1,
        bgcolor: 'background.paper',
        '&:focus': { top: 8 },
      })}
    >
      {intl.formatMessage({ id: 'layout.skipToContent' })}
    </Link>
  );
}

import Alert from '@mui/material/Alert';
import { FormattedMessage } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectOpenCount } from '../../entities/sos/alarmSelectors.js';

/**
 * Before the enabling click, above the audio prompt: "SOS da gestire: {n}" whenever an SOS is
 * open (docs/alarm-handling.md), so a console signed in or reloaded during an alarm never shows
 * only the prompt. The cards come with the click.
 */
export function PromptBanner() {
  const count = useAppSelector(selectOpenCount);
  if (count === 0) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      role="status"
      data-testid="prompt-banner"
      sx={{ fontWeight: 700 }}
    >
      <FormattedMessage id="alarm.banner" values={{ n: count }} />
    </Alert>
  );
}

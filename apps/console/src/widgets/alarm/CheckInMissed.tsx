import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CHECK_IN_SOURCE_CODE, type Sos } from '@sos/contract';
import { FormattedMessage } from 'react-intl';
import { LtrText } from '../../components/LtrText.js';
import { localDigits } from '../../lib/format.js';
import { selectLocale } from '../../i18n/languageSlice.js';
import { useAppSelector } from '../../store/hooks.js';
import { useConfirmCheckInMutation } from '../../entities/devices/expectationsApi.js';

/** Whether the SOS is the one a missed check-in window raised (docs/expected-events.md). */
const isCheckInSos = (sos: Pick<Sos, 'source'>) =>
  sos.source.protocol === 'SYSTEM' && sos.source.code === CHECK_IN_SOURCE_CODE;

/** "Mancato check-in 08:00–10:00" under the card's "Inattività"; nothing for other SOS. */
export function CheckInMissedLine({ sos }: { sos: Pick<Sos, 'source'> }) {
  const locale = useAppSelector(selectLocale);
  if (!isCheckInSos(sos)) return null;
  return (
    <Typography variant="body2" data-testid="sos-check-in">
      <FormattedMessage
        id="expect.checkInMissed"
        // The window's times are numbers the console shows: Arabic-Indic digits in Arabic.
        values={{
          window: <LtrText key="window">{localDigits(sos.source.detail ?? '', locale)}</LtrText>,
        }}
      />
    </Typography>
  );
}

/** The detail's "Check-in confermato": the operator heard from the resident (recorded with who). */
export function CheckInConfirmButton({ sos }: { sos: Pick<Sos, 'id' | 'source'> }) {
  const [confirm, { isLoading }] = useConfirmCheckInMutation();
  if (!isCheckInSos(sos)) return null;
  return (
    <Button
      variant="outlined"
      size="small"
      disabled={isLoading}
      onClick={() => void confirm(sos.id)}
      sx={{ alignSelf: 'flex-start' }}
    >
      <FormattedMessage id="expect.checkInConfirm" />
    </Button>
  );
}

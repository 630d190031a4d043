import PhoneDisabledOutlined from '@mui/icons-material/PhoneDisabledOutlined';
import Chip from '@mui/material/Chip';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectVoiceStatus } from '../../entities/voice/voiceSlice.js';

/**
 * "Voce non disponibile" in the top bar while the softphone's registration is lost
 * (docs/voice.md); it goes as soon as it is registered again. Nothing when voice is off.
 */
export function VoiceLostChip() {
  const intl = useIntl();
  const lost = useAppSelector(selectVoiceStatus) === 'lost';
  if (!lost) return null;
  return (
    <Chip
      role="status"
      color="warning"
      size="small"
      icon={<PhoneDisabledOutlined />}
      label={intl.formatMessage({ id: 'voice.lost' })}
      sx={{ mx: 1, maxWidth: '40vw' }}
    />
  );
}

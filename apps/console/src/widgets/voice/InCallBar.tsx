import CallEndOutlined from '@mui/icons-material/CallEndOutlined';
import MicOffOutlined from '@mui/icons-material/MicOffOutlined';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectVoiceCalls, type VoiceCall } from '../../entities/voice/voiceSlice.js';
import { DTMF_CONTROLS, usePhone } from './phone.js';
import { useCallClock } from './useCallClock.js';

function CallClock({ since }: { since: number }) {
  const intl = useIntl();
  const time = useCallClock(since);
  return <>{intl.formatMessage({ id: 'voice.inCall' }, { time })}</>;
}

/**
 * One call in progress (docs/voice.md): "In chiamata mm:ss" (or dialling), "Muto",
 * "Chiudi chiamata" and, with a unit on the line, SCAIP's controls sent as DTMF.
 */
function InCallBar({ call }: { call: VoiceCall }) {
  const intl = useIntl();
  const phone = usePhone();
  const active = call.state === 'active' && call.answeredAt !== null;
  return (
    <Alert
      severity="success"
      variant="outlined"
      icon={<PhoneInTalkOutlined />}
      data-testid="in-call"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Stack spacing={1}>
        <Typography variant="body2" role="timer" sx={{ fontWeight: 600 }}>
          {active ? (
            <CallClock since={call.answeredAt ?? 0} />
          ) : (
            intl.formatMessage({ id: 'voice.dialing' })
          )}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant={call.muted ? 'contained' : 'outlined'}
            startIcon={<MicOffOutlined />}
            aria-pressed={call.muted}
            disabled={!active}
            onClick={() => phone?.setMuted(call.id, !call.muted)}
          >
            {intl.formatMessage({ id: 'voice.mute' })}
          </Button>
          <Button
            size="small"
            variant="contained"
            color="error"
            startIcon={<CallEndOutlined />}
            onClick={() => phone?.hangUp(call.id)}
          >
            {intl.formatMessage({ id: 'voice.hangUp' })}
          </Button>
        </Stack>
        {active && call.unit && (
          <ButtonGroup
            size="small"
            aria-label={intl.formatMessage({ id: 'voice.dtmf.group' })}
            sx={{ flexWrap: 'wrap' }}
          >
            {DTMF_CONTROLS.map(({ tone, label }) => (
              <Button key={tone} onClick={() => phone?.sendDtmf(call.id, tone)}>
                {intl.formatMessage({ id: label })}
              </Button>
            ))}
          </ButtonGroup>
        )}
      </Stack>
    </Alert>
  );
}

/** The calls in progress, every one (every page) or one SOS's (its detail). */
export function CallsInProgress({ sosId }: { sosId?: number }) {
  const calls = useAppSelector(selectVoiceCalls).filter(
    (call) => call.state !== 'ringing' && (sosId === undefined || call.sosId === sosId),
  );
  if (calls.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: sosId === undefined ? 3 : 0 }}>
      {calls.map((call) => (
        <InCallBar key={call.id} call={call} />
      ))}
    </Stack>
  );
}

import PhoneCallbackOutlined from '@mui/icons-material/PhoneCallbackOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { ROUTES } from '../../lib/routes.js';
import { useAppSelector } from '../../store/hooks.js';
import type { AppStore } from '../../store/store.js';
import { selectSession } from '../../store/authSlice.js';
import { selectDeviceById } from '../../entities/devices/devicesSlice.js';
import { useAckSosMutation } from '../../entities/sos/sosHandlingApi.js';
import { selectVoiceCalls, type VoiceCall } from '../../entities/voice/voiceSlice.js';
import { usePhone } from './phone.js';
import { startRing } from './ringTone.js';

/** Rings while a call waits for an answer; stops when it is answered here or elsewhere. */
function useRing(ringing: boolean) {
  useEffect(() => {
    if (!ringing) return;
    const ring = startRing();
    return () => ring?.stop();
  }, [ringing]);
}

function IncomingCall({ call }: { call: VoiceCall }) {
  const intl = useIntl();
  const phone = usePhone();
  const store = useStore() as AppStore;
  const navigate = useNavigate();
  const [ack] = useAckSosMutation();
  // A number or a Latin name keeps its order in a right-to-left page.
  const title = call.deviceName ? (
    <FormattedMessage id="voice.incomingDevice" values={{ name: <bdi>{call.deviceName}</bdi> }} />
  ) : (
    <FormattedMessage
      id="voice.incomingNumber"
      values={{ number: <bdi dir="ltr">{call.caller}</bdi> }}
    />
  );
  const answer = () => {
    phone?.answer(call.id);
    if (call.deviceId === null) return;
    // Whoever speaks with the person has the SOS (docs/voice.md): take charge, or over.
    const state = store.getState();
    const sos = selectDeviceById(state, call.deviceId)?.lastSos;
    const me = selectSession(state)?.id;
    const sosId = call.sosId ?? (sos?.state === 'OPEN' ? sos.id : null);
    const owner = sos?.id === sosId ? sos?.acknowledgedBy : null;
    if (sosId !== null && owner?.id !== me) void ack({ sosId, takeOver: Boolean(owner) });
    void navigate(`${ROUTES.sos}?device=${call.deviceId}`);
  };
  return (
    <Alert
      severity="info"
      variant="filled"
      icon={<PhoneCallbackOutlined />}
      role="alert"
      data-testid="incoming-call"
      sx={{ mb: 3, alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="success" variant="contained" size="small" onClick={answer}>
            {intl.formatMessage({ id: 'voice.answer' })}
          </Button>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={() => phone?.reject(call.id)}
          >
            {intl.formatMessage({ id: 'voice.reject' })}
          </Button>
        </Stack>
      }
    >
      {title}
    </Alert>
  );
}

/**
 * On every page, one banner per call that rings (docs/voice.md), with a ring of its own.
 * The first operator to answer has the call: Kamailio cancels it at the others, and their
 * banner and ring go.
 */
export function IncomingCallBanner() {
  const ringing = useAppSelector(selectVoiceCalls).filter((call) => call.state === 'ringing');
  useRing(ringing.length > 0);
  return ringing.map((call) => <IncomingCall key={call.id} call={call} />);
}

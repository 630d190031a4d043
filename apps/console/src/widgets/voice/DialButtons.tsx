import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PhoneCallbackOutlined from '@mui/icons-material/PhoneCallbackOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useAppSelector } from '../../store/hooks.js';
import { selectVoiceCalls, selectVoiceStatus } from '../../entities/voice/voiceSlice.js';
import { usePhone } from './phone.js';

/** One call at a time, and only while registered. */
function useCanDial(): boolean {
  const registered = useAppSelector(selectVoiceStatus) === 'registered';
  const busy = useAppSelector(selectVoiceCalls).length > 0;
  return registered && !busy;
}

/**
 * "Chiama" beside a number of the call-out (docs/voice.md): the softphone dials it for this
 * SOS, and the server records the call from the SIP side. Nothing when voice is off. On an
 * SOS a colleague holds (`heldBy`) it asks first, as recording a call does (docs/shift.md).
 */
export function DialButton({
  number,
  sosId,
  name,
  heldBy = null,
}: {
  number: string;
  sosId: number;
  name: string;
  heldBy?: string | null;
}) {
  const intl = useIntl();
  const phone = usePhone();
  const canDial = useCanDial();
  const [asking, setAsking] = useState(false);
  if (!phone) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="success"
        startIcon={<PhoneOutlined />}
        disabled={!canDial}
        aria-label={intl.formatMessage({ id: 'voice.callNumber' }, { number: name })}
        onClick={() => (heldBy ? setAsking(true) : phone.call(number, sosId))}
      >
        {intl.formatMessage({ id: 'voice.call' })}
      </Button>
      {heldBy && (
        <ConfirmDialog
          open={asking}
          message="shift.dialOthers"
          values={{ username: heldBy }}
          confirmLabel="voice.call"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            phone.call(number, sosId);
          }}
        />
      )}
    </>
  );
}

/** "Richiama il dispositivo" for a SCAIP unit that asked to be called back (the SOS's `callBack`). */
export function CallBackButton({ sosId }: { sosId: number }) {
  const intl = useIntl();
  const phone = usePhone();
  const canDial = useCanDial();
  if (!phone) return null;
  return (
    <Button
      variant="contained"
      color="success"
      startIcon={<PhoneCallbackOutlined />}
      disabled={!canDial}
      onClick={() => phone.callBack(sosId)}
    >
      {intl.formatMessage({ id: 'voice.callBack' })}
    </Button>
  );
}

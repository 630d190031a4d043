import Button from '@mui/material/Button';
import type { Sos } from '@sos/contract';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectSession } from '../../store/authSlice.js';
import { useAckSosMutation } from '../../entities/sos/sosHandlingApi.js';

/**
 * "Prendi in carico", or "Subentra" when someone else has it (docs/alarm-handling.md); nothing when
 * it is already the operator's own.
 */
export function SosAckButton({ sos }: { sos: Sos }) {
  const intl = useIntl();
  const me = useAppSelector(selectSession)?.id;
  const [ack, { isLoading }] = useAckSosMutation();
  const owner = sos.acknowledgedBy;
  if (owner && owner.id === me) return null;
  const takeOver = owner !== null;
  return (
    <Button
      variant="contained"
      disabled={isLoading}
      onClick={() => void ack({ sosId: sos.id, takeOver })}
    >
      {intl.formatMessage({ id: takeOver ? 'alarm.takeOver' : 'alarm.takeCharge' })}
    </Button>
  );
}

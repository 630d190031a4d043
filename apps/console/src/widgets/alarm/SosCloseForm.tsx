import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SOS_OUTCOMES, type Sos, type SosOutcome } from '@sos/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useCloseSosMutation } from '../../entities/devices/deviceEndpoints.js';
import { useGetAlarmConfQuery } from '../../entities/sos/sosHandlingApi.js';
import { sosTextProblem, SosTextField } from './SosTextField.js';

/**
 * "Chiudi SOS" from the detail (or the card, docs/alarm-handling.md "Close policy"), saying what
 * happened ("Esito") and a closing note. While the alarm settings' requireOutcome is on the
 * outcome is required: no "Non indicato", and the button waits for one. In a dialog (the card's)
 * `onCancel` adds 'Annulla', so the form is never left only by Escape or a click outside.
 */
export function SosCloseForm({
  sos,
  onClosed,
  onCancel,
}: {
  sos: Sos;
  onClosed: () => void;
  onCancel?: () => void;
}) {
  const intl = useIntl();
  const required = useGetAlarmConfQuery().data?.requireOutcome === true;
  const [outcome, setOutcome] = useState<SosOutcome | ''>('');
  const [note, setNote] = useState('');
  const [closeSos, { isLoading }] = useCloseSosMutation();
  const problem = sosTextProblem(note);
  const close = async () => {
    const result = await closeSos({
      deviceId: sos.device.id,
      sosId: sos.id,
      outcome: outcome || null,
      note: note.trim() || null,
    });
    if (!result.error) onClosed();
  };
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={intl.formatMessage({ id: 'alarm.outcome' })}
        value={outcome}
        onChange={(event) => setOutcome(event.target.value as SosOutcome | '')}
        size="small"
        fullWidth
        required={required}
        helperText={
          required && !outcome ? intl.formatMessage({ id: 'walk.outcomeRequired' }) : undefined
        }
      >
        {!required && (
          <MenuItem value="">
            <em>{intl.formatMessage({ id: 'alarm.noOutcome' })}</em>
          </MenuItem>
        )}
        {SOS_OUTCOMES.map((code) => (
          <MenuItem key={code} value={code}>
            {intl.formatMessage({ id: `outcome.${code}` })}
          </MenuItem>
        ))}
      </TextField>
      <SosTextField
        label="alarm.closingNote"
        value={note}
        onChange={setNote}
        minRows={2}
        maxRows={6}
      />
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          color="error"
          disabled={isLoading || problem !== undefined || (required && !outcome)}
          onClick={() => void close()}
        >
          {intl.formatMessage({ id: 'alarm.closeSos' })}
        </Button>
        {onCancel && <Button onClick={onCancel}>{intl.formatMessage({ id: 'cancel' })}</Button>}
      </Stack>
    </Stack>
  );
}

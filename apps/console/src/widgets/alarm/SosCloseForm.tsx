import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  FORM_ERRORS,
  SOS_NOTE_MAX_LENGTH,
  SOS_OUTCOMES,
  type Sos,
  type SosOutcome,
} from '@sos/contract';
import { misleadingTextProblem } from '@sos/contract/text';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useCloseSosMutation } from '../../entities/devices/deviceEndpoints.js';
import { useGetAlarmConfQuery } from '../../entities/sos/sosHandlingApi.js';

/**
 * "Chiudi SOS" from the detail (or the card, docs/alarm-handling.md "Close policy"), saying what
 * happened ("Esito") and a closing note. While the alarm settings' requireOutcome is on the
 * outcome is required: no "Non indicato", and the button waits for one.
 */
export function SosCloseForm({ sos, onClosed }: { sos: Sos; onClosed: () => void }) {
  const intl = useIntl();
  const required = useGetAlarmConfQuery().data?.requireOutcome === true;
  const [outcome, setOutcome] = useState<SosOutcome | ''>('');
  const [note, setNote] = useState('');
  const [closeSos, { isLoading }] = useCloseSosMutation();
  // The server's rule for text an operator reads, said before sending (docs/hardening.md).
  const problem = misleadingTextProblem(note.trim());
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
      <TextField
        label={intl.formatMessage({ id: 'alarm.closingNote' })}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        maxRows={6}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { maxLength: SOS_NOTE_MAX_LENGTH } }}
        error={problem !== undefined}
        helperText={problem ? intl.formatMessage({ id: FORM_ERRORS[problem] }) : undefined}
      />
      <Button
        variant="contained"
        color="error"
        sx={{ alignSelf: 'flex-start' }}
        disabled={isLoading || problem !== undefined || (required && !outcome)}
        onClick={() => void close()}
      >
        {intl.formatMessage({ id: 'alarm.closeSos' })}
      </Button>
    </Stack>
  );
}

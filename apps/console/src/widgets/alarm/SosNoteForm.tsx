import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FORM_ERRORS, SOS_NOTE_MAX_LENGTH } from '@sos/contract';
import { misleadingTextProblem } from '@sos/contract/text';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAddSosNoteMutation } from '../../entities/sos/sosHandlingApi.js';

/** "Aggiungi nota": a line in the SOS's timeline, seen live by every console. */
export function SosNoteForm({ sosId }: { sosId: number }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [addNote, { isLoading }] = useAddSosNoteMutation();
  const trimmed = text.trim();
  // The server's rule for text an operator reads, said before sending (docs/hardening.md).
  const problem = misleadingTextProblem(trimmed);
  const submit = async () => {
    const result = await addNote({ sosId, text: trimmed });
    if (!result.error) setText('');
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={intl.formatMessage({ id: 'alarm.note' })}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        maxRows={4}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { maxLength: SOS_NOTE_MAX_LENGTH } }}
        error={problem !== undefined}
        helperText={problem ? intl.formatMessage({ id: FORM_ERRORS[problem] }) : undefined}
      />
      <Button
        variant="outlined"
        sx={{ flex: 'none' }}
        disabled={trimmed === '' || problem !== undefined || isLoading}
        onClick={() => void submit()}
      >
        {intl.formatMessage({ id: 'alarm.addNote' })}
      </Button>
    </Stack>
  );
}

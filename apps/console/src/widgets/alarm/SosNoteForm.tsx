import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAddSosNoteMutation } from '../../entities/sos/sosHandlingApi.js';
import { sosTextProblem, SosTextField } from './SosTextField.js';

/** "Aggiungi nota": a line in the SOS's timeline, seen live by every console. */
export function SosNoteForm({ sosId }: { sosId: number }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [addNote, { isLoading }] = useAddSosNoteMutation();
  const trimmed = text.trim();
  const submit = async () => {
    const result = await addNote({ sosId, text: trimmed });
    if (!result.error) setText('');
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <SosTextField label="alarm.note" value={text} onChange={setText} maxRows={4} />
      <Button
        variant="outlined"
        sx={{ flex: 'none' }}
        disabled={trimmed === '' || sosTextProblem(text) !== undefined || isLoading}
        onClick={() => void submit()}
      >
        {intl.formatMessage({ id: 'alarm.addNote' })}
      </Button>
    </Stack>
  );
}

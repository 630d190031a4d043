import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import PhoneForwardedOutlined from '@mui/icons-material/PhoneForwardedOutlined';
import PhoneMissedOutlined from '@mui/icons-material/PhoneMissedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { CALL_NOTE_MAX_LENGTH, CALL_RESULTS, type CallResult } from '@sos/contract';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLogSosCallMutation } from '../../entities/sos/callsApi.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import type { Callee } from './callOutModel.js';
import { DialButton } from '../voice/DialButtons.js';

/** Read by screen readers, not shown (the chip's icon and colour say it to the eye). */
const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A phone number as a tel: link (spaces and punctuation dropped from the address). */
const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;

function LastResult({ result }: { result: CallResult }) {
  const intl = useIntl();
  const answered = result === 'ANSWERED';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={answered ? 'success' : 'warning'}
      icon={answered ? <CheckCircleOutline /> : <PhoneMissedOutlined />}
      data-last-result={result}
      label={
        <>
          <Box component="span" sx={srOnly}>
            {intl.formatMessage({ id: 'call.lastResult' })}{' '}
          </Box>
          {intl.formatMessage({ id: `call.result.${result}` })}
        </>
      }
    />
  );
}

interface CallRowProps {
  sosId: number;
  callee: Callee;
  open: boolean;
  /** The colleague who has the SOS in charge, when not the user: a call is confirmed first. */
  heldBy?: string | null;
}

/**
 * One number of the call-out: who, the tel: link, the last result, and while the SOS is open
 * one button per result (one click records the call) and a note that stays closed until asked.
 * On an SOS a colleague holds it asks first, like the close (docs/shift.md), so the resident
 * is not called twice by two operators.
 */
export function CallRow({ sosId, callee, open, heldBy = null }: CallRowProps) {
  const intl = useIntl();
  const nameId = useId();
  const noteId = useId();
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState<CallResult | null>(null);
  const [logCall, { isLoading }] = useLogSosCallMutation();
  const name = callee.name ?? intl.formatMessage({ id: 'call.resident' });
  const record = async (result: CallResult) => {
    // Ignored rather than disabled while one is sent: a disabled button would lose the focus.
    if (isLoading) return;
    const text = note.trim();
    const call = {
      to: callee.to,
      ...(callee.contactIndex === null ? {} : { contactIndex: callee.contactIndex }),
      result,
      ...(text ? { note: text } : {}),
    };
    const answer = await logCall({ sosId, call });
    if (!answer.error) {
      setNote('');
      setNoteOpen(false);
    }
  };
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      data-next={callee.next ? 'true' : undefined}
      sx={(theme) => ({
        listStyle: 'none',
        p: 1.25,
        borderRadius: 1,
        border: callee.next
          ? `2px solid ${theme.palette.primary.main}`
          : `1px solid ${theme.palette.divider}`,
        bgcolor: callee.next ? alpha(theme.palette.primary.main, 0.08) : undefined,
      })}
    >
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}
      >
        <Typography
          id={nameId}
          variant="body2"
          sx={{ fontWeight: 600, overflowWrap: 'break-word' }}
        >
          {callee.to === 'RESIDENT' &&
            callee.name !== null &&
            `${intl.formatMessage({ id: 'call.resident' })}: `}
          {/* Isolated: a Latin name and its brackets keep their order in a right-to-left page. */}
          <bdi>
            {name}
            {callee.relation && ` (${callee.relation})`}
          </bdi>
        </Typography>
        {callee.phone ? (
          <>
            <Link variant="body2" href={telHref(callee.phone)} dir="ltr">
              {callee.phone}
            </Link>
            {open && <DialButton number={callee.phone} sosId={sosId} name={name} heldBy={heldBy} />}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {intl.formatMessage({ id: 'call.noPhone' })}
          </Typography>
        )}
        {callee.lastResult && <LastResult result={callee.lastResult} />}
        {callee.next && (
          <Chip
            size="small"
            color="primary"
            icon={<PhoneForwardedOutlined />}
            label={intl.formatMessage({ id: 'call.next' })}
          />
        )}
      </Stack>
      {open && callee.phone && (
        <>
          <Stack
            role="group"
            aria-label={intl.formatMessage({ id: 'call.resultsFor' }, { name })}
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 0.75, mt: 1 }}
          >
            {CALL_RESULTS.map((result) => (
              <Button
                key={result}
                size="small"
                variant={callee.next ? 'contained' : 'outlined'}
                color={result === 'ANSWERED' ? 'success' : 'primary'}
                aria-busy={isLoading || undefined}
                onClick={() => (heldBy ? setAsking(result) : void record(result))}
              >
                {intl.formatMessage({ id: `call.result.${result}` })}
              </Button>
            ))}
            <Button
              size="small"
              variant="text"
              aria-expanded={noteOpen}
              aria-controls={noteOpen ? noteId : undefined}
              onClick={() => setNoteOpen((was) => !was)}
            >
              {intl.formatMessage({ id: 'call.noteToggle' })}
            </Button>
          </Stack>
          {noteOpen && (
            <TextField
              id={noteId}
              label={intl.formatMessage({ id: 'call.note' })}
              helperText={intl.formatMessage({ id: 'call.noteHint' })}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              size="small"
              fullWidth
              autoFocus
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: CALL_NOTE_MAX_LENGTH } }}
            />
          )}
        </>
      )}
      {heldBy && (
        <ConfirmDialog
          open={asking !== null}
          message="shift.callOthers"
          values={{ username: heldBy }}
          confirmLabel="shift.recordCall"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            if (asking) void record(asking);
            setAsking(null);
          }}
        />
      )}
    </Box>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messageId.js';

export interface ConfirmDialogProps {
  open: boolean;
  /** Defaults to 'attention' ('Attenzione!'). */
  title?: MessageId;
  message: MessageId;
  values?: Record<string, string | number>;
  /** What the action applies to (e.g. the username), shown under the message. */
  detail?: string;
  /** Defaults to 'confirm' and 'cancel' (docs/console.md). */
  confirmLabel?: MessageId;
  cancelLabel?: MessageId;
  /** Disables the confirm button while the confirmed action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation dialog of docs/console.md: 400 to 500 px wide, at least 150 px high. */
export function ConfirmDialog({
  open,
  title = 'attention',
  message,
  values,
  detail,
  confirmLabel = 'confirm',
  cancelLabel = 'cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      slotProps={{
        paper: {
          sx: { minWidth: { xs: 'auto', sm: 400 }, maxWidth: 500, minHeight: 150 },
        },
      }}
    >
      <DialogTitle id={titleId}>
        <FormattedMessage id={title} />
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>
          <FormattedMessage id={message} values={values} />
        </DialogContentText>
        {detail && (
          <DialogContentText component="p" sx={{ mt: 1, fontWeight: 700, color: 'text.primary' }}>
            {detail}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>
          <FormattedMessage id={cancelLabel} />
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy} autoFocus>
          <FormattedMessage id={confirmLabel} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

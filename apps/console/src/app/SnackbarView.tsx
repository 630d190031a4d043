import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../store/hooks.js';
import {
  hideSnackbar,
  selectSnackbar,
  snackbarUndoClicked,
  SNACKBAR_AUTO_HIDE_MS,
} from '../store/snackbarSlice.js';

/**
 * The one transient message of the app (docs/console.md Snackbar): a filled success or error
 * alert, closed on timeout, Escape or a click elsewhere. Loaded by AppSnackbar.
 */
export default function SnackbarView() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { open, type, messageId, values, key, undo } = useAppSelector(selectSnackbar);
  const close = (_event?: unknown, _reason?: SnackbarCloseReason) => dispatch(hideSnackbar());
  return (
    <Snackbar
      // A new message (even the same one again) restarts the timer.
      key={key}
      open={open && messageId !== null}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={type}
        variant="filled"
        onClose={() => close()}
        closeText={intl.formatMessage({ id: 'close' })}
        action={
          undo ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                dispatch(snackbarUndoClicked(undo));
                close();
              }}
            >
              {intl.formatMessage({ id: 'health.undo' })}
            </Button>
          ) : undefined
        }
        sx={{ width: '100%', minWidth: { sm: 320 } }}
      >
        {messageId ? intl.formatMessage({ id: messageId }, values) : null}
      </Alert>
    </Snackbar>
  );
}

import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';
import { usePush, type PushState } from './usePush.js';

/** The line under the entry: what the browser allows, and what to do when it refuses. */
function stateText({ permission, enabled, failed }: PushState): MessageId {
  if (permission === 'unsupported') return 'push.unsupported';
  if (permission === 'denied') return 'push.denied';
  if (failed) return 'push.failed';
  if (enabled) return 'push.on';
  return permission === 'granted' ? 'push.off' : 'push.ask';
}

/**
 * "Notifiche su questo dispositivo" in the top bar menu: a switch for this browser's Web
 * Push subscription, with the browser's permission state under it. The menu stays open, so
 * the user sees the outcome (and why, when the browser refuses).
 */
export function PushMenuItem() {
  const intl = useIntl();
  const push = usePush();
  const unavailable = push.permission === 'unsupported' || push.permission === 'denied';
  return (
    <MenuItem
      role="menuitemcheckbox"
      aria-checked={push.enabled}
      aria-disabled={unavailable || push.busy ? true : undefined}
      onClick={push.toggle}
      sx={{ alignItems: 'flex-start', whiteSpace: 'normal', maxWidth: 360 }}
    >
      <ListItemIcon sx={{ mt: 0.5 }}>
        {push.enabled ? (
          <NotificationsActiveIcon fontSize="small" />
        ) : (
          <NotificationsOffIcon fontSize="small" />
        )}
      </ListItemIcon>
      <ListItemText
        primary={intl.formatMessage({ id: 'push.menu' })}
        secondary={intl.formatMessage({ id: stateText(push) })}
        slotProps={{
          secondary: {
            color: push.permission === 'denied' || push.failed ? 'error' : 'text.secondary',
          },
        }}
      />
    </MenuItem>
  );
}

import AccountCircle from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectSession } from '../../store/authSlice.js';
import { useLogout } from '../../entities/session/useLogout.js';
import { PushMenuItem } from '../push/PushMenuItem.js';
import { useDeletePushSubscriptionMutation } from '../push/pushApi.js';
import { unsubscribeBeforeLogout } from '../push/usePush.js';
import { usePreferenceItems } from '../../widgets/preferences/preferenceItems.js';

/** The top bar's options menu (docs/console.md): who is signed in, language, theme, notifications (docs/push.md), Logout. */
export function OptionsMenu() {
  const intl = useIntl();
  const menuId = useId();
  const session = useAppSelector(selectSession);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const preferences = usePreferenceItems(close);
  const logout = useLogout();
  const [deletePush] = useDeletePushSubscriptionMutation();
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={intl.formatMessage({ id: 'layout.options' })}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        edge="end"
      >
        <AccountCircle />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        {session && (
          <ListSubheader role="presentation" sx={{ lineHeight: '40px', bgcolor: 'transparent' }}>
            {intl.formatMessage({ id: 'layout.signedInAs' }, { username: session.username })}
          </ListSubheader>
        )}
        {session && <Divider component="li" />}
        {preferences}
        <Divider component="li" />
        <PushMenuItem />
        <Divider component="li" />
        <MenuItem
          onClick={() => {
            close();
            // This browser stops getting the user's pushes first, while the token still works.
            void unsubscribeBeforeLogout((endpoint) => deletePush(endpoint)).then(logout);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{intl.formatMessage({ id: 'logout' })}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

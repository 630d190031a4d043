import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../store/hooks.js';
import { selectRole } from '../../store/authSlice.js';
import { DRAWER_WIDTH } from '../../theme/createAppTheme.js';
import { entriesForRole, SIDEBAR_ENTRIES, type SidebarEntry } from './sidebarEntries.js';
import { SidebarItem } from './SidebarItem.js';

interface Props {
  variant: 'persistent' | 'temporary';
  open: boolean;
  onClose: () => void;
  entries?: readonly SidebarEntry[];
}

/**
 * The sidebar (docs/console.md): 300 px; persistent on large screens, a dismissible overlay on
 * smaller ones (which closes after a choice). MUI puts it on the right in RTL.
 */
export function Sidebar({ variant, open, onClose, entries = SIDEBAR_ENTRIES }: Props) {
  const intl = useIntl();
  const theme = useTheme();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const role = useAppSelector(selectRole);
  const visible = entriesForRole(entries, role);
  const onNavigate = (path: string) => {
    if (variant === 'temporary') onClose();
    void navigate(path);
  };
  return (
    <Drawer
      variant={variant}
      anchor="left"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { 'aria-label': intl.formatMessage({ id: 'layout.navigation' }) } }}
      sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
    >
      <Box
        sx={(t) => ({
          ...t.mixins.toolbar,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
        })}
      >
        <Box
          component="img"
          src="/logo.svg"
          alt={intl.formatMessage({ id: 'layout.logoAlt' })}
          sx={{ width: 44, height: 44 }}
        />
        <Typography
          component="span"
          noWrap
          sx={{ flexGrow: 1, fontWeight: 700, fontSize: '1.125rem' }}
        >
          {intl.formatMessage({ id: 'layout.title' })}
        </Typography>
        <IconButton aria-label={intl.formatMessage({ id: 'layout.closeMenu' })} onClick={onClose}>
          {theme.direction === 'rtl' ? <ChevronRight /> : <ChevronLeft />}
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label={intl.formatMessage({ id: 'layout.navigation' })}>
        <List disablePadding>
          {visible.map((entry) => (
            <SidebarItem
              key={entry.label}
              entry={entry}
              pathname={pathname}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Box>
    </Drawer>
  );
}

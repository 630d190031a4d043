import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { DRAWER_WIDTH } from '../../theme/createAppTheme.js';
import { APP_BAR_COLORS } from '../../theme/palette.js';
import { selectThemeStyle } from '../../theme/themeSlice.js';
import { OptionsMenu } from './OptionsMenu.js';
import { VoiceLostChip } from '../../widgets/voice/VoiceLostChip.js';
import { selectVoiceStatus } from '../../entities/voice/voiceSlice.js';

interface Props {
  /** The persistent drawer is open: the bar leaves it room and hides the menu button. */
  shifted: boolean;
  onOpenMenu: () => void;
}

/** The fixed top bar (docs/console.md): menu button, title, the voice chip (docs/voice.md), options menu; 64 px, 56 px small. */
export function TopBar({ shifted, onOpenMenu }: Props) {
  const intl = useIntl();
  const colors = APP_BAR_COLORS[useAppSelector(selectThemeStyle)];
  // The softphone's state, for the end-to-end tests (the chip below shows only a loss).
  const voice = useAppSelector(selectVoiceStatus);
  return (
    <AppBar
      data-voice={voice}
      position="fixed"
      elevation={0}
      sx={(t) => ({
        bgcolor: colors.bg,
        color: colors.fg,
        boxShadow: `inset 0 -3px 0 ${colors.edge}`, // not a border: the bar stays 64 px (56 small), docs/console.md
        width: shifted ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%',
        transition: t.transitions.create('width', {
          easing: t.transitions.easing.sharp,
          duration: shifted
            ? t.transitions.duration.enteringScreen
            : t.transitions.duration.leavingScreen,
        }),
      })}
    >
      <Toolbar>
        {!shifted && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={intl.formatMessage({ id: 'layout.openMenu' })}
            onClick={onOpenMenu}
            sx={{ mr: 1 }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography component="span" variant="h6" noWrap sx={{ flexGrow: 1, fontWeight: 700 }}>
          {intl.formatMessage({ id: 'layout.title' })}
        </Typography>
        <VoiceLostChip />
        <OptionsMenu />
      </Toolbar>
    </AppBar>
  );
}

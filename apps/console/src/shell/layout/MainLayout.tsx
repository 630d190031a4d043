import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from '../../components/PageFallback.js';
import { SosBanner } from './SosBanner.js';
import { LiveScope } from '../../widgets/live/LiveScope.js';
import { VoiceScope } from '../../widgets/voice/VoiceScope.js';
import { IncomingCallBanner } from '../../widgets/voice/IncomingCallBanner.js';
import { CallsInProgress } from '../../widgets/voice/InCallBar.js';
import { PushBridge } from '../push/PushBridge.js';
import { SignedInIntl } from '../../i18n/SignedInIntl.js';
import { ThemeColor } from '../push/ThemeColor.js';
import { StreamLostBanner } from './StreamLostBanner.js';
import { DRAWER_WIDTH } from '../../theme/createAppTheme.js';
import { Sidebar } from './Sidebar.js';
import { SkipLink, MAIN_CONTENT_ID } from './SkipLink.js';
import { TopBar } from './TopBar.js';

/**
 * The signed-in frame (docs/console.md Main layout). From lg up the drawer is persistent and
 * open by default, and the content shifts 300 px; below lg it is a closed overlay.
 */
export default function MainLayout() {
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  // The user's choice holds for the current screen size; crossing lg restores the default.
  const [choice, setChoice] = useState({ large, open: large });
  const open = choice.large === large ? choice.open : large;
  const setOpen = (value: boolean) => setChoice({ large, open: value });
  const shifted = large && open;
  return (
    // The signed-in screens' texts load with this layout, never with /login (i18n/SignedInIntl.tsx).
    <SignedInIntl>
      <SkipLink />
      <PushBridge />
      <ThemeColor />
      <TopBar shifted={shifted} onOpenMenu={() => setOpen(true)} />
      <Sidebar
        variant={large ? 'persistent' : 'temporary'}
        open={open}
        onClose={() => setOpen(false)}
      />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={(t) => ({
          minHeight: '100dvh',
          outline: 'none',
          marginLeft: shifted ? `${DRAWER_WIDTH}px` : 0,
          transition: t.transitions.create('margin', {
            easing: t.transitions.easing.sharp,
            duration: shifted
              ? t.transitions.duration.enteringScreen
              : t.transitions.duration.leavingScreen,
          }),
        })}
      >
        <Toolbar aria-hidden />
        <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1600, mx: 'auto' }}>
          {/* The one live connection and the alarm, for every page (docs/alarm-handling.md). */}
          <LiveScope>
            {/* The softphone, when voice is on (docs/voice.md): its banner and calls on every page. */}
            <VoiceScope>
              <StreamLostBanner />
              <SosBanner />
              <IncomingCallBanner />
              <CallsInProgress />
              <Suspense fallback={<PageFallback />}>
                <Outlet />
              </Suspense>
            </VoiceScope>
          </LiveScope>
        </Box>
      </Box>
    </SignedInIntl>
  );
}

import Translate from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';

// MUI's Menu (Popover, Modal, transitions) is not needed to show the login page.
const PreferencesMenu = lazy(() => import('./PreferencesMenu.js'));

/** Language and theme before signing in (the options menu offers them afterwards). */
export function PreferencesButton() {
  const intl = useIntl();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first click on, so closing plays the menu's exit transition.
  const [used, setUsed] = useState(false);
  return (
    <>
      <IconButton
        aria-label={intl.formatMessage({ id: 'prefs.button' })}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setUsed(true);
        }}
      >
        <Translate />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <PreferencesMenu id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

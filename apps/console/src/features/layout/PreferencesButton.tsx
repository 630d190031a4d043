import Translate from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { usePreferenceItems } from './preferenceItems.js';

/** Language and theme before signing in (the options menu offers them afterwards). */
export function PreferencesButton() {
  const intl = useIntl();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = usePreferenceItems(() => setAnchor(null));
  return (
    <>
      <IconButton
        aria-label={intl.formatMessage({ id: 'prefs.button' })}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Translate />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items}
      </Menu>
    </>
  );
}

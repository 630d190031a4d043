import Menu from '@mui/material/Menu';
import { usePreferenceItems } from './preferenceItems.js';

interface Props {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The login page's language and theme menu: its own chunk, loaded on the first click. */
export default function PreferencesMenu({ id, anchor, onClose }: Props) {
  const items = usePreferenceItems(onClose);
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {items}
    </Menu>
  );
}

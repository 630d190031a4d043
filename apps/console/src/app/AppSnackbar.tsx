import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppSelector } from '../store/hooks.js';
import { selectSnackbar } from '../store/snackbarSlice.js';

const loadView = () => import('./SnackbarView.js');
// MUI's Snackbar and Alert (transitions, click-away, icons) are not needed to show a page:
// their chunk loads on the first user action (every message but a few follows one), or
// with the first message.
const SnackbarView = lazy(loadView);

/** The app's snackbar, mounted from its first message on. */
export function AppSnackbar() {
  const open = useAppSelector(selectSnackbar).open;
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  useEffect(() => {
    const preload = () => void loadView();
    window.addEventListener('pointerdown', preload, { once: true, capture: true });
    window.addEventListener('keydown', preload, { once: true, capture: true });
    return () => {
      window.removeEventListener('pointerdown', preload, { capture: true });
      window.removeEventListener('keydown', preload, { capture: true });
    };
  }, []);
  return used ? (
    <Suspense fallback={null}>
      <SnackbarView />
    </Suspense>
  ) : null;
}

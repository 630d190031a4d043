import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks.js';
import { hideSnackbar } from '../../store/snackbarSlice.js';
import { audioEnabled, selectAudioEnabled } from '../../store/alarmSlice.js';
import { askNotificationPermission, unlockAudio } from '../audio/audioRuntime.js';

/**
 * Until the first click anywhere (or key press, for keyboard users) audio is locked;
 * that gesture unlocks it, asks for notifications and clears the snackbar (docs/console.md, §4).
 */
export function useAudioUnlock(): boolean {
  const enabled = useAppSelector(selectAudioEnabled);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (enabled) return;
    const enable = () => {
      unlockAudio();
      askNotificationPermission();
      dispatch(hideSnackbar());
      dispatch(audioEnabled());
    };
    document.addEventListener('click', enable);
    document.addEventListener('keydown', enable);
    return () => {
      document.removeEventListener('click', enable);
      document.removeEventListener('keydown', enable);
    };
  }, [enabled, dispatch]);
  return enabled;
}

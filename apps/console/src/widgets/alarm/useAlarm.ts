import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../store/hooks.js';
import { selectAnyUnhandled } from '../../entities/sos/alarmSelectors.js';
import { createAlarmLoop, type AlarmLoop } from './alarmLoop.js';
import { selectAudioEnabled } from '../../store/alarmSlice.js';
import { alarmElement, keepSounds } from '../audio/audioRuntime.js';

/**
 * Rings while any OPEN SOS is unacknowledged (docs/alarm-handling.md: with no acknowledgement given, while
 * any is open, as docs/console.md says), once audio is enabled, on every page.
 */
export function useAlarm(): void {
  const enabled = useAppSelector(selectAudioEnabled);
  const anyOpen = useAppSelector(selectAnyUnhandled);
  const loop = useRef<AlarmLoop | null>(null);

  // From sign-in on, the sounds are fetched once and kept in memory (docs/shift.md "Sounds kept").
  useEffect(() => keepSounds(), []);

  useEffect(() => {
    if (!enabled) return;
    const created = createAlarmLoop(alarmElement());
    loop.current = created;
    return () => {
      created.dispose();
      loop.current = null;
    };
  }, [enabled]);

  useEffect(() => {
    loop.current?.setRinging(anyOpen);
  }, [enabled, anyOpen]);
}

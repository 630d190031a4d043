import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../app/hooks.js';
import { selectAnyOpenSos } from '../dashboard/devicesSlice.js';
import { createAlarmLoop, type AlarmLoop } from './alarmLoop.js';
import { selectAudioEnabled } from './alarmSlice.js';
import { alarmElement } from './audioRuntime.js';

/** Rings while any device has an open SOS, once audio is enabled; silent off the screen. */
export function useAlarm(): void {
  const enabled = useAppSelector(selectAudioEnabled);
  const anyOpen = useAppSelector(selectAnyOpenSos);
  const loop = useRef<AlarmLoop | null>(null);

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

import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks.js';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import { playChime } from './chime.js';
import { chimesFor } from './technicalChime.js';

/**
 * A technical alarm chimes once on every page, not only where its list is shown
 * (docs/alarm-handling.md "Device health"), once audio is enabled.
 */
export function useTechnicalChime(audioOn: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!audioOn) return;
    const raised = new Set<string>();
    return dispatch(
      addListener({
        actionCreator: liveEventReceived,
        effect: ({ payload }) => {
          if (chimesFor(payload, raised)) playChime();
        },
      }),
    );
  }, [audioOn, dispatch]);
}

import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks.js';
import { showSnackbar } from '../../store/snackbarSlice.js';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import { selectDeviceById } from '../../entities/devices/devicesSlice.js';
import type { RootState } from '../../store/store.js';

/**
 * Nothing changes silently (docs/alarm-handling.md): when a colleague closes or takes over the
 * SOS this user holds, a snackbar says so ("SOS di {device} chiuso da {username}", "… preso in
 * carico da {username}") instead of the card just vanishing or changing hands.
 */
export function useHandOffNotices(): void {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      dispatch(
        addListener({
          actionCreator: liveEventReceived,
          effect: ({ payload }, api) => {
            if (payload.name !== 'new-sos-closed' && payload.name !== 'sos-acknowledged') return;
            const before = api.getOriginalState() as RootState;
            const me = before.auth.session?.id;
            const sos = payload.data;
            const held = selectDeviceById(before, sos.device.id)?.lastSos;
            if (me === undefined || held?.id !== sos.id || held.acknowledgedBy?.id !== me) return;
            const by = payload.name === 'new-sos-closed' ? sos.closedBy : sos.acknowledgedBy;
            if (!by || by.id === me) return;
            const messageId =
              payload.name === 'new-sos-closed'
                ? 'alarm.closedByColleague'
                : 'alarm.takenByColleague';
            const values = { device: sos.device.displayName, username: by.username };
            api.dispatch(showSnackbar({ type: 'error', messageId, values }));
          },
        }),
      ),
    [dispatch],
  );
}

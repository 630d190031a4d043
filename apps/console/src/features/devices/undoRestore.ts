import type { UnknownAction } from '@reduxjs/toolkit';
import { listeners } from '../../store/listeners.js';
import { snackbarUndoClicked } from '../../store/snackbarSlice.js';
import { healthApi } from '../../entities/devices/healthApi.js';

// 'Annulla' on the 'Device eliminato' message (docs/alarm-handling.md): restores the device, which comes
// back on the dashboard through its device-registered event.
listeners.startListening({
  actionCreator: snackbarUndoClicked,
  effect: ({ payload }, { dispatch }) => {
    if (payload.kind !== 'restoreDevice') return;
    // A thunk (the store has the thunk middleware; its dispatch type does not say so).
    dispatch(healthApi.endpoints.restoreDevice.initiate(payload.id) as unknown as UnknownAction);
  },
});

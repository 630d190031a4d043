import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks.js';
import { liveStatusChanged } from '../../store/liveSlice.js';
import { refetchUnreachable } from './refetchWhenBack.js';

/** When the live stream opens again (the server is back), the reads that failed are asked again. */
export function useRefetchWhenBack(): void {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      dispatch(
        addListener({
          actionCreator: liveStatusChanged,
          // Called on the api object: the listener API declares its getters as methods.
          effect: ({ payload }, api) => {
            const before = (api.getOriginalState() as { live: { status: string } }).live.status;
            if (payload === 'open' && before !== 'open')
              refetchUnreachable(api.getState(), api.dispatch);
          },
        }),
      ),
    [dispatch],
  );
}

import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { API_PREFIX, PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';
import type { AppStore } from '../../store/store.js';
import { getFreshAccessToken, noteRefusal } from '../../store/tokenRefresh.js';
import { selectDevicesLoading, selectIsDeviceKnown } from '../../entities/devices/devicesSlice.js';
import { liveEventReceived, type LiveEvent } from '../../entities/live/liveEvents.js';
import { liveStatusChanged } from '../../store/liveSlice.js';
import { LiveStream } from './LiveStream.js';

/** The list cannot absorb this event by itself: reload it. */
function needsReload(event: LiveEvent, store: AppStore): boolean {
  if (event.name === 'resync') return true;
  if (event.name !== 'new-sos') return false;
  const state = store.getState();
  // An SOS of a device the list does not know (missed registration) while no load is on its way.
  return !selectIsDeviceKnown(state, event.data.device.id) && !selectDevicesLoading(state);
}

/**
 * Opens the live channel while the calling screen is mounted, closes it on leaving
 * (docs/console.md), and re-subscribes when the window regains focus or the network comes back.
 *
 * `resumeFrom` is where it starts (docs/security.md): the last event the loaded device list
 * includes, null for "from now", undefined while the list is still loading;
 * `alreadyIncluded`, the events after it the list includes too (X-Included-Event-Ids). It opens once
 * that is known, from the first value given, and stays open whatever later loads say.
 */
export function useLiveStream(
  resumeFrom: string | null | undefined,
  alreadyIncluded?: readonly string[],
): void {
  const store = useStore() as AppStore;
  const [from, setFrom] = useState<string | null | undefined>(resumeFrom);
  // Taken with the first resume point, from the same list: later loads do not change either.
  const [skip, setSkip] = useState<readonly string[] | undefined>(alreadyIncluded);
  if (from === undefined && resumeFrom !== undefined) {
    setFrom(resumeFrom);
    setSkip(alreadyIncluded);
  }
  useEffect(() => {
    if (from === undefined) return;
    const reload = () => store.dispatch(api.util.invalidateTags(['Device']));
    const stream = new LiveStream({
      url: API_PREFIX + PATHS.sosRealTime,
      lastEventId: from,
      skipEventIds: skip,
      getToken: (force) => getFreshAccessToken(store, force),
      onRefused: noteRefusal,
      onEvent: (event) => {
        const reloadNeeded = needsReload(event, store);
        store.dispatch(liveEventReceived(event));
        if (reloadNeeded) reload();
      },
      onGap: reload,
      onStatus: (status) => store.dispatch(liveStatusChanged(status)),
    });
    stream.start();
    const resubscribe = () => stream.ensure();
    window.addEventListener('focus', resubscribe);
    window.addEventListener('online', resubscribe);
    return () => {
      window.removeEventListener('focus', resubscribe);
      window.removeEventListener('online', resubscribe);
      stream.stop();
    };
  }, [store, from, skip]);
}

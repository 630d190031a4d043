import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks.js';
import { liveEventReceived } from '../live/liveEvents.js';
import { createTitleFlasher } from './titleFlasher.js';

/**
 * A new SOS while the tab is hidden: a system notification (if the user allowed them)
 * and a flashing tab title until the tab is looked at again.
 */
export function useHiddenTabAlerts(enabled: boolean): void {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  useEffect(() => {
    if (!enabled) return;
    const flasher = createTitleFlasher();
    const unsubscribe = dispatch(
      addListener({
        actionCreator: liveEventReceived,
        effect: ({ payload }) => {
          if (payload.name !== 'new-sos' || payload.data.state !== 'OPEN') return;
          if (document.visibilityState !== 'hidden') return;
          const name = payload.data.device.displayName;
          flasher.flash(intl.formatMessage({ id: 'dashboard.titleFlash' }, { name }));
          if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
          const notification = new Notification(
            intl.formatMessage({ id: 'dashboard.notificationTitle' }),
            {
              body: intl.formatMessage({ id: 'dashboard.notificationBody' }, { name }),
              tag: `sos-${payload.data.id}`,
            },
          );
          notification.onclick = () => window.focus();
        },
      }),
    );
    return () => {
      unsubscribe();
      flasher.stop();
    };
  }, [enabled, dispatch, intl]);
}

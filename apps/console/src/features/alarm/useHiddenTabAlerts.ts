import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks.js';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import { createTitleFlasher } from './titleFlasher.js';

const NEW = {
  flash: 'dashboard.titleFlash',
  title: 'dashboard.notificationTitle',
  body: 'dashboard.notificationBody',
  tag: 'sos',
} as const;
/** An escalation (DESIGN §6): nobody took charge in time. */
const LATE = {
  flash: 'alarm.lateFlash',
  title: 'alarm.lateTitle',
  body: 'alarm.lateBody',
  tag: 'sos-late',
} as const;

/**
 * A new SOS, or an SOS nobody took charge of in time, while the tab is hidden: a system notification (if the user allowed them)
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
          if (payload.name !== 'new-sos' && payload.name !== 'sos-escalated') return;
          const texts = payload.name === 'sos-escalated' ? LATE : NEW;
          const sos = payload.data;
          if (sos.state !== 'OPEN' || document.visibilityState !== 'hidden') return;
          const name = sos.device.displayName;
          flasher.flash(intl.formatMessage({ id: texts.flash }, { name }));
          if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
          const notification = new Notification(intl.formatMessage({ id: texts.title }), {
            body: intl.formatMessage({ id: texts.body }, { name }),
            tag: `${texts.tag}-${sos.id}`,
          });
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

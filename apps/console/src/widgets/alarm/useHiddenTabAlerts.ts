import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks.js';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import type { MessageId } from '../../i18n/messageId.js';
import { tabTitle } from './tabTitle.js';
import { createTitleFlasher } from './titleFlasher.js';

interface Texts {
  flash: MessageId;
  title: MessageId;
  body?: MessageId;
  tag: string;
}

const NEW: Texts = {
  flash: 'dashboard.titleFlash',
  title: 'dashboard.notificationTitle',
  body: 'dashboard.notificationBody',
  tag: 'sos',
};
/** An escalation (docs/alarm-handling.md): nobody took charge in time. */
const LATE: Texts = {
  flash: 'alarm.lateFlash',
  title: 'alarm.lateTitle',
  body: 'alarm.lateBody',
  tag: 'sos-late',
};
/** Before the enabling click (docs/shift.md): "SOS: {name}", in the title and the notification. */
const BEFORE_CLICK: Texts = { flash: 'shift.sosOf', title: 'shift.sosOf', tag: 'sos' };

/**
 * A new SOS, or an SOS nobody took charge of in time, while the tab is hidden: a system
 * notification (if the user allowed them) and a flashing tab title until the tab is looked
 * at again. Before the enabling click (`audioOn` false) a new SOS does the same with
 * "SOS: {name}": a reloaded console left alone is never silent.
 */
export function useHiddenTabAlerts(audioOn: boolean): void {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  useEffect(() => {
    const flasher = createTitleFlasher(document, () => tabTitle.base);
    const unsubscribe = dispatch(
      addListener({
        actionCreator: liveEventReceived,
        effect: ({ payload }) => {
          // A re-alert is a new alarm on an open SOS (docs/alarm-handling.md): told as a new one.
          const fresh = payload.name === 'new-sos' || payload.name === 'sos-realerted';
          if (!fresh && payload.name !== 'sos-escalated') return;
          if (!audioOn && !fresh) return;
          const texts = !audioOn ? BEFORE_CLICK : payload.name === 'sos-escalated' ? LATE : NEW;
          const sos = payload.data;
          if (sos.state !== 'OPEN' || document.visibilityState !== 'hidden') return;
          const name = sos.device.displayName;
          flasher.flash(intl.formatMessage({ id: texts.flash }, { name }));
          if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
          const title = intl.formatMessage({ id: texts.title }, { name });
          const body = texts.body && intl.formatMessage({ id: texts.body }, { name });
          const notification = new Notification(title, {
            ...(body ? { body } : {}),
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
  }, [audioOn, dispatch, intl]);
}

import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { INTL_TAGS, isRtl, LOCALES } from '../../i18n/locales.js';
import { OPEN_MESSAGE, registerWorker, sendTexts } from './browserPush.js';

/** Kept as is by formatMessage, replaced with the device's name by the service worker. */
const NAME = '{deviceName}';

/**
 * Mounted by the signed-in layout (inside SignedInIntl): registers the service worker (never before sign-in),
 * gives it the notification texts in the console's language whenever that changes, and opens
 * the SOS detail a notification click asks for (the worker messages an open console).
 */
export function PushBridge() {
  // Inside SignedInIntl: the language on screen, with the push texts loaded.
  const intl = useIntl();
  const locale = LOCALES.find((l) => INTL_TAGS[l] === intl.locale) ?? 'it';
  const navigate = useNavigate();

  useEffect(() => {
    void registerWorker()
      .then(() =>
        sendTexts({
          lang: locale,
          dir: isRtl(locale) ? 'rtl' : 'ltr',
          NEW_SOS: intl.formatMessage({ id: 'push.notification.newSos' }, { deviceName: NAME }),
          SOS_ESCALATED: intl.formatMessage(
            { id: 'push.notification.escalated' },
            { deviceName: NAME },
          ),
          DEVICE_OFFLINE: intl.formatMessage(
            { id: 'push.notification.offline' },
            { deviceName: NAME },
          ),
        }),
      )
      .catch(() => undefined);
  }, [intl, locale]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (
        data?.type !== OPEN_MESSAGE ||
        typeof data.url !== 'string' ||
        !data.url.startsWith('/sos')
      )
        return;
      void navigate(data.url);
    };
    const workers = navigator.serviceWorker;
    workers.addEventListener('message', onMessage);
    return () => workers.removeEventListener('message', onMessage);
  }, [navigate]);

  return null;
}

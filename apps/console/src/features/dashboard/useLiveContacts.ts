import { CONTACTS_MAX_IDS } from '@sos/contract';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../store/hooks.js';
import { contactsApi } from '../../entities/devices/contactsEndpoint.js';

/** How often the cards on screen ask for their devices' last contact. */
export const CONTACTS_POLL_MS = 30_000;

/**
 * Keeps "Ultimo contatto" of the cards on screen at most a minute behind the server
 * (docs/shift.md): no live event carries a heartbeat, so every 30 s, while the page is
 * visible, the rendered cards' devices are asked for (at most CONTACTS_MAX_IDS of them).
 */
export function useLiveContacts(ids: readonly number[]): void {
  const dispatch = useAppDispatch();
  const shown = useRef(ids);
  useEffect(() => {
    shown.current = ids;
  });
  useEffect(() => {
    const poll = () => {
      if (document.visibilityState !== 'visible' || shown.current.length === 0) return;
      const list = [...shown.current]
        .sort((a, b) => a - b)
        .slice(0, CONTACTS_MAX_IDS)
        .join(',');
      void dispatch(
        contactsApi.endpoints.getContacts.initiate(list, { subscribe: false, forceRefetch: true }),
      );
    };
    const timer = setInterval(poll, CONTACTS_POLL_MS);
    return () => clearInterval(timer);
  }, [dispatch]);
}

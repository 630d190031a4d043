import { useCallback, useEffect, useState } from 'react';
import type { PushSubscriptionBody } from '@sos/contract';
import {
  currentSubscription,
  pushPermission,
  subscribeBrowser,
  type PushPermission,
} from './browserPush.js';
import {
  useDeletePushSubscriptionMutation,
  useLazyPushKeyQuery,
  useSavePushSubscriptionMutation,
} from './pushApi.js';

export interface PushState {
  permission: PushPermission;
  /** This browser has a subscription the server knows of. */
  enabled: boolean;
  busy: boolean;
  /** The last attempt to turn notifications on failed (the browser or its push service refused). */
  failed: boolean;
  // A property, not a method: the menu item takes it as its click handler.
  toggle: () => void;
}

/**
 * "Notifiche su questo dispositivo": the permission the browser gives, whether this browser
 * is subscribed, and the switch. Turning on asks the permission first (while the click's
 * user activation lasts), then subscribes with the server's key and hands the server the
 * subscription; turning off deletes it on the server, then in the browser.
 */
export function usePush(): PushState {
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [fetchKey] = useLazyPushKeyQuery();
  const [save] = useSavePushSubscriptionMutation();
  const [remove] = useDeletePushSubscriptionMutation();

  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((subscription) => live && setEnabled(subscription !== null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    const asked = await Notification.requestPermission();
    setPermission(asked);
    if (asked !== 'granted') return;
    const { publicKey } = await fetchKey().unwrap();
    const json = await subscribeBrowser(publicKey);
    // The server validates the endpoint and keys (400 naming the field): nothing to check twice.
    const body = {
      endpoint: json.endpoint ?? '',
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    };
    await save(body satisfies PushSubscriptionBody).unwrap();
    setEnabled(true);
  }, [fetchKey, save]);

  const turnOff = useCallback(async () => {
    const subscription = await currentSubscription();
    if (subscription) {
      await remove(subscription.endpoint).unwrap();
      await subscription.unsubscribe();
    }
    setEnabled(false);
  }, [remove]);

  const toggle = useCallback(() => {
    if (busy || permission === 'unsupported') return;
    setBusy(true);
    setFailed(false);
    void (enabled ? turnOff() : turnOn())
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  }, [busy, enabled, permission, turnOff, turnOn]);

  return { permission, enabled, busy, failed, toggle };
}

/**
 * Logout's first step: this browser stops receiving this user's pushes. Best effort and
 * bounded: a slow server never holds the logout back for more than two seconds.
 */
export async function unsubscribeBeforeLogout(
  remove: (endpoint: string) => Promise<unknown>,
): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await Promise.race([remove(subscription.endpoint), new Promise((r) => setTimeout(r, 2000))]);
    await subscription.unsubscribe();
  } catch {
    // Logout goes on whatever happens here.
  }
}

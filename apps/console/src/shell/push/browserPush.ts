/**
 * The browser's side of Web Push (docs/push.md): the service worker at /sw.js, the
 * PushManager subscription and the notification permission. Loaded only after sign-in (the
 * layout's chunk): the login page carries none of it.
 */
const SERVICE_WORKER_URL = '/sw.js';

/** What the browser allows: 'unsupported' (no service worker or Push API, or not https). */
export type PushPermission = NotificationPermission | 'unsupported';

export function pushPermission(): PushPermission {
  if (typeof window === 'undefined' || !window.isSecureContext) return 'unsupported';
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** Registers the service worker (once per page; the browser keeps it between visits). */
export async function registerWorker(): Promise<ServiceWorkerRegistration | null> {
  if (pushPermission() === 'unsupported') return null;
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
}

/** This browser's push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushPermission() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Subscribes with the server's VAPID public key (base64url); answers the subscription's JSON. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  await registerWorker();
  const registration = await navigator.serviceWorker.ready;
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
    c.charCodeAt(0),
  );
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return subscription.toJSON();
}

/** The texts of the three notifications, in the console's language, for the service worker. */
export interface NotificationTexts {
  lang: string;
  dir: 'ltr' | 'rtl';
  NEW_SOS: string;
  SOS_ESCALATED: string;
  DEVICE_OFFLINE: string;
}

export async function sendTexts(texts: NotificationTexts): Promise<void> {
  if (pushPermission() === 'unsupported') return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: 'sos-console:texts', texts });
}

/** The message the service worker sends an open console on a notification click. */
export const OPEN_MESSAGE = 'sos-console:open';

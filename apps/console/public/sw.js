/* global self, indexedDB */
// SOS Console service worker (docs/push.md). It shows the server's Web Push messages as
// notifications and opens the console on a click. It has no fetch handler and caches nothing:
// a stale SOS list is worse than none, so every page and API answer comes from the network.
// Registered by the console only after sign-in; plain JavaScript, served as is (no bundler).

const DB_NAME = 'sos-console-sw';
const STORE = 'settings';
const TEXTS_KEY = 'notification-texts';

/**
 * Until the console has sent its texts (it does on every sign-in and language change), the
 * console's default language: the same Italian texts as its catalogue.
 */
const DEFAULT_TEXTS = {
  lang: 'it',
  dir: 'ltr',
  NEW_SOS: 'SOS: {deviceName}',
  SOS_ESCALATED: 'In ritardo: {deviceName}',
  DEVICE_OFFLINE: 'Non raggiungibile: {deviceName}',
};

function openDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore(mode, use) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = use(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

async function readTexts() {
  try {
    return (await withStore('readonly', (store) => store.get(TEXTS_KEY))) || DEFAULT_TEXTS;
  } catch {
    return DEFAULT_TEXTS;
  }
}

/** The notification for a push payload ({type, sosId, deviceId, deviceName, kind, at}). */
async function notificationOf(payload) {
  const texts = await readTexts();
  const template = texts[payload.type] || DEFAULT_TEXTS[payload.type] || DEFAULT_TEXTS.NEW_SOS;
  const title = template.replace('{deviceName}', () => String(payload.deviceName || ''));
  const query = payload.sosId === null ? '' : `?sos=${payload.sosId}&device=${payload.deviceId}`;
  return {
    title,
    options: {
      lang: texts.lang,
      dir: texts.dir,
      // One notification per SOS (or offline device): an escalation replaces the new-SOS one.
      tag: payload.sosId === null ? `off-${payload.deviceId}` : `sos-${payload.sosId}`,
      renotify: true,
      requireInteraction: payload.type !== 'DEVICE_OFFLINE',
      timestamp: Date.parse(payload.at) || Date.now(),
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: `/sos${query}`, sosId: payload.sosId, deviceId: payload.deviceId },
    },
  };
}

async function showPush(data) {
  let payload;
  try {
    payload = data ? data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.type !== 'string') return;
  const { title, options } = await notificationOf(payload);
  await self.registration.showNotification(title, options);
}

/**
 * Opens the console on `url` (/sos, with the SOS's detail): an open console is told to go
 * there and focused; with none, a new window opens it. Also called by the e2e test.
 */
async function openConsole(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    open.postMessage({ type: 'sos-console:open', url });
    try {
      await open.focus();
    } catch {
      // Focus needs the click's user activation; without it the window still navigates.
    }
    return;
  }
  await self.clients.openWindow(url);
}
self.openConsole = openConsole;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => event.waitUntil(showPush(event.data)));

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(openConsole(typeof data.url === 'string' ? data.url : '/sos'));
});

// The console sends its notification texts in the language it shows (after sign-in and on
// every change), so a notification speaks the language the console last used.
self.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type !== 'sos-console:texts' || typeof message.texts !== 'object') return;
  event.waitUntil(withStore('readwrite', (store) => store.put(message.texts, TEXTS_KEY)));
});

import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, json, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('../../features/dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
vi.mock('../../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

const ENDPOINT = 'https://push.example.net/send/abc';
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
const PUBLIC_KEY = `BA${'Q'.repeat(85)}`;

/** A browser with service workers and the Push API, whose permission answers `answer`. */
function fakeBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
) {
  let current: object | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => (current = subscription)),
  };
  const registration = { pushManager, active: { postMessage: vi.fn() } };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => (notification.permission = answer)),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    },
  });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.assign(window, { PushManager: function PushManager() {}, Notification: notification });
  return {
    subscription,
    pushManager,
    registration,
    notification,
    subscribed: () => (current = subscription),
  };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
  Reflect.deleteProperty(window, 'isSecureContext');
});

const api = (request: Request) => {
  const path = new URL(request.url).pathname;
  if (path === '/api/push/key') return json(200, { publicKey: PUBLIC_KEY });
  if (path === '/api/push/subscriptions')
    return new Response(null, { status: request.method === 'POST' ? 201 : 204 });
  if (path === '/api/auth/logout') return new Response(null, { status: 204 });
  return json(200, []);
};

async function openMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Opzioni' }));
  return {
    user,
    item: await screen.findByRole('menuitemcheckbox', { name: /Notifiche su questo dispositivo/ }),
  };
}

describe('Notifiche su questo dispositivo', () => {
  it('says when the browser cannot have them (no service worker, no Push API)', async () => {
    storeSession('EMPLOYEE');
    stubFetch(api);
    renderApp('/sos');
    const { item } = await openMenu();
    expect(item).toHaveTextContent('Non disponibili: servono HTTPS e un browser che le supporti');
    expect(item).toHaveAttribute('aria-checked', 'false');
    expect(item).toHaveAttribute('aria-disabled', 'true');
  });

  it('turns on: asks the permission, subscribes with the server key, hands the server the subscription', async () => {
    const browser = fakeBrowser('default', 'granted');
    storeSession('EMPLOYEE');
    const spy = stubFetch(api);
    renderApp('/sos');
    const { user, item } = await openMenu();
    expect(item).toHaveTextContent('Spente: il browser chiederà il permesso');
    await user.click(item);
    await waitFor(() => expect(item).toHaveAttribute('aria-checked', 'true'));
    expect(item).toHaveTextContent('Attive: gli SOS arrivano anche a console chiusa');
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const key = browser.pushManager.subscribe.mock.calls[0]![0] as {
      applicationServerKey: Uint8Array;
    };
    expect(key.applicationServerKey).toHaveLength(65);
    expect(key.applicationServerKey[0]).toBe(4);
    const post = spy.mock.calls
      .map(([r]) => r as Request)
      .find((r) => r.method === 'POST' && r.url.endsWith('/api/push/subscriptions'));
    expect(await post!.json()).toEqual({ endpoint: ENDPOINT, keys: KEYS });
  });

  it('turns off: deletes the subscription on the server, then in the browser', async () => {
    const browser = fakeBrowser('granted');
    browser.subscribed();
    storeSession('EMPLOYEE');
    const spy = stubFetch(api);
    renderApp('/sos');
    const { user, item } = await openMenu();
    await waitFor(() => expect(item).toHaveAttribute('aria-checked', 'true'));
    await user.click(item);
    await waitFor(() => expect(item).toHaveAttribute('aria-checked', 'false'));
    expect(item).toHaveTextContent('Spente');
    expect(await callsOf(spy)).toContain(
      `DELETE /api/push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`,
    );
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('explains a refusal: blocked by the browser, and nothing is sent', async () => {
    fakeBrowser('default', 'denied');
    storeSession('EMPLOYEE');
    const spy = stubFetch(api);
    renderApp('/sos');
    const { user, item } = await openMenu();
    await user.click(item);
    await waitFor(() =>
      expect(item).toHaveTextContent(
        'Bloccate dal browser: consentile nelle impostazioni del sito, poi riprova',
      ),
    );
    expect(item).toHaveAttribute('aria-checked', 'false');
    expect((await callsOf(spy)).filter((c) => c.includes('/api/push/'))).toEqual([]);
  });

  it('logout deletes this browser’s subscription first, then revokes the session', async () => {
    const browser = fakeBrowser('granted');
    browser.subscribed();
    storeSession('EMPLOYEE');
    const spy = stubFetch(api);
    renderApp('/sos');
    const { user } = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    await waitFor(async () => expect(await callsOf(spy)).toContain('POST /api/auth/logout'));
    const calls = (await callsOf(spy)).filter((c) => !c.startsWith('GET'));
    expect(calls).toEqual([
      `DELETE /api/push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`,
      'POST /api/auth/logout',
    ]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('gives the service worker the notification texts in the console’s language', async () => {
    const browser = fakeBrowser('granted');
    storeSession('EMPLOYEE');
    stubFetch(api);
    localStorage.setItem('language', 'ar');
    renderApp('/sos');
    await waitFor(() =>
      expect(browser.registration.active.postMessage).toHaveBeenLastCalledWith({
        type: 'sos-console:texts',
        texts: {
          lang: 'ar',
          dir: 'rtl',
          NEW_SOS: 'SOS: {deviceName}',
          SOS_ESCALATED: 'متأخر: {deviceName}',
          DEVICE_OFFLINE: 'تعذّر الوصول: {deviceName}',
        },
      }),
    );
  });

  it('colours the installed app’s title bar as the top bar of the theme chosen', async () => {
    const meta = document.head.appendChild(
      Object.assign(document.createElement('meta'), { name: 'theme-color', content: '#b71c1c' }),
    );
    storeSession('EMPLOYEE');
    stubFetch(api);
    localStorage.setItem('current-theme', 'dark');
    renderApp('/sos');
    await waitFor(() => expect(meta.content).toBe('#1c212a'));
    meta.remove();
  });
});

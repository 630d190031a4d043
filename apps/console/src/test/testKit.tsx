/*
 * Test helpers of the dashboard's tests (never imported by the product): devices and SOS
 * as the server sends them, a scripted fetch, the real store and providers.
 */
import { render } from '@testing-library/react';
import { SOS_HANDLING_UNSET, type Device, type Role, type Sos } from '@sos/contract';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { SignedInIntl } from '../i18n/SignedInIntl.js';
import { AppProviders } from '../app/AppProviders.js';
import { createStore, type AppStore } from '../store/store.js';
import { sessionStarted } from '../store/authSlice.js';

let nextSosId = 1000;

export function sos(
  deviceId: number,
  displayName: string,
  dateCreated: string,
  id = nextSosId++,
): Sos {
  return {
    id,
    state: 'OPEN',
    dateCreated,
    lastUpdated: dateCreated,
    dateClosed: null,
    closedBy: null,
    ...SOS_HANDLING_UNSET,
    device: { id: deviceId, displayName },
  };
}

export function device(id: number, displayName: string, lastSos: Sos | null = null): Device {
  return {
    id,
    serial: `SN-${id}`,
    displayName,
    lastSos,
    dateCreated: '2025-01-01T08:00:00.000Z',
    lastSeenAt: null,
    online: null,
    batteryPct: null,
  };
}

export interface Call {
  method: string;
  url: URL;
  headers: Headers;
  /** The request's body as text ('' without one). */
  body: string;
}

type Route = (call: Call) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces fetch with `route` (undefined answers 404) and records every call. RTK Query
 * builds a Request from a relative URL, which Node's Request refuses outside a page:
 * resolve it against the jsdom location first.
 */
export function stubFetch(route: Route): Call[] {
  const calls: Call[] = [];
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        const url = typeof input === 'string' ? new URL(input, location.href) : input;
        super(url, init && { ...init, signal: undefined });
      }
    },
  );
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const call: Call = {
      method: (request?.method ?? init?.method ?? 'GET').toUpperCase(),
      url: new URL(request?.url ?? String(input), location.href),
      headers: new Headers(request?.headers ?? init?.headers),
      body: request
        ? await request.clone().text()
        : typeof init?.body === 'string'
          ? init.body
          : '',
    };
    calls.push(call);
    return (await route(call)) ?? json({ code: 'NOT_FOUND' }, 404);
  });
  return calls;
}

/** A real store with a signed-in user whose token is valid for an hour. */
export function signedInStore(role: Role = 'SUPER_ADMIN'): AppStore {
  const store = createStore();
  const now = Math.floor(Date.now() / 1000);
  store.dispatch(
    sessionStarted({
      token: 'access-1',
      tokenExp: now + 3600,
      refreshToken: 'refresh-1',
      refreshTokenExp: now + 86_400,
      id: 1,
      role,
      username: 'admin',
    }),
  );
  return store;
}

export function renderWithStore(store: AppStore, ui: ReactNode) {
  // A component as the signed-in layout shows it: with the signed-in screens' texts.
  return render(
    <AppProviders store={store}>
      <SignedInIntl>{ui}</SignedInIntl>
    </AppProviders>,
  );
}

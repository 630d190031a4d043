import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { device, renderWithStore, signedInStore, sos } from '../../test/testKit.js';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import { useHiddenTabAlerts } from './useHiddenTabAlerts.js';
import { useTabTitle } from './useTabTitle.js';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

const shown: { title: string; body?: string }[] = [];
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body });
  }
}

/** The console before the enabling click: audio still locked. */
function BeforeClick() {
  useHiddenTabAlerts(false);
  useTabTitle();
  return null;
}

const registered = (id: number, name: string) =>
  liveEventReceived({ name: 'device-registered', data: device(id, name) });
const raised = (id: number, name: string) =>
  liveEventReceived({ name: 'new-sos', data: sos(id, name, '2025-03-01T10:00:00Z') });

describe('the tab before the enabling click', () => {
  afterEach(() => {
    setVisibility('visible');
    shown.length = 0;
    vi.unstubAllGlobals();
  });

  it('counts the open SOS in the title, acknowledged ones included', () => {
    document.title = 'SOS Console';
    const store = signedInStore();
    const view = renderWithStore(store, <BeforeClick />);
    act(() => {
      store.dispatch(registered(1, 'Reception'));
      store.dispatch(registered(2, 'Cucina'));
    });
    expect(document.title).toBe('SOS Console');
    act(() => void store.dispatch(raised(1, 'Reception')));
    expect(document.title).toBe('(1) SOS Console');
    const second = sos(2, 'Cucina', '2025-03-01T10:01:00Z');
    act(() => {
      store.dispatch(liveEventReceived({ name: 'new-sos', data: second }));
      store.dispatch(
        liveEventReceived({
          name: 'sos-acknowledged',
          data: {
            ...second,
            acknowledgedBy: { id: 2, username: 'maria' },
            acknowledgedAt: second.dateCreated,
          },
        }),
      );
    });
    expect(document.title).toBe('(2) SOS Console');
    view.unmount();
    expect(document.title).toBe('SOS Console');
  });

  it('alternates the title with "SOS: {name}" and notifies while hidden', () => {
    vi.useFakeTimers();
    vi.stubGlobal('Notification', FakeNotification);
    document.title = 'SOS Console';
    const store = signedInStore();
    renderWithStore(store, <BeforeClick />);
    act(() => void store.dispatch(registered(3, 'Reception')));
    setVisibility('hidden');
    act(() => void store.dispatch(raised(3, 'Reception')));
    expect(shown).toEqual([{ title: 'SOS: Reception', body: undefined }]);
    expect(document.title).toBe('SOS: Reception');
    act(() => void vi.advanceTimersByTime(1000));
    expect(document.title).toBe('(1) SOS Console');
    setVisibility('visible');
    expect(document.title).toBe('(1) SOS Console');
    vi.useRealTimers();
  });
});

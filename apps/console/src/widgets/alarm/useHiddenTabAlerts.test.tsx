import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore, signedInStore, sos } from '../../test/testKit.js';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import { useHiddenTabAlerts } from './useHiddenTabAlerts.js';

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

function Probe() {
  useHiddenTabAlerts(true);
  return null;
}

describe('alerts while the tab is hidden', () => {
  afterEach(() => {
    setVisibility('visible');
    shown.length = 0;
    FakeNotification.permission = 'granted';
    vi.unstubAllGlobals();
  });

  it('notifies and flashes the title for a new SOS, until the tab is visible again', () => {
    vi.stubGlobal('Notification', FakeNotification);
    document.title = 'SOS Console';
    const store = signedInStore();
    renderWithStore(store, <Probe />);
    setVisibility('hidden');
    act(() => {
      store.dispatch(
        liveEventReceived({ name: 'new-sos', data: sos(3, 'Reception', '2025-03-01T10:00:00Z') }),
      );
    });
    expect(shown).toEqual([{ title: 'Nuovo SOS', body: 'SOS da Reception' }]);
    expect(document.title).toBe('🚨 SOS: Reception');
    setVisibility('visible');
    expect(document.title).toBe('SOS Console');
  });

  it('stays quiet while the tab is visible, and shows no notification without permission', () => {
    FakeNotification.permission = 'denied';
    vi.stubGlobal('Notification', FakeNotification);
    document.title = 'SOS Console';
    const store = signedInStore();
    renderWithStore(store, <Probe />);
    const alert = liveEventReceived({
      name: 'new-sos',
      data: sos(3, 'Reception', '2025-03-01T10:00:00Z'),
    });
    act(() => void store.dispatch(alert));
    expect(document.title).toBe('SOS Console');
    setVisibility('hidden');
    act(() => void store.dispatch(alert));
    expect(shown).toEqual([]);
    expect(document.title).toBe('🚨 SOS: Reception'); // the title still flashes
  });
});

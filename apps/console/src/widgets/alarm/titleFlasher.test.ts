import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTitleFlasher, FLASH_INTERVAL_MS } from './titleFlasher.js';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('flashing tab title', () => {
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('alternates with the alert until the tab is visible again, then restores the title', () => {
    vi.useFakeTimers();
    document.title = 'SOS Console';
    setVisibility('hidden');
    const flasher = createTitleFlasher();
    flasher.flash('🚨 SOS: Reception');
    expect(document.title).toBe('🚨 SOS: Reception');
    vi.advanceTimersByTime(FLASH_INTERVAL_MS);
    expect(document.title).toBe('SOS Console');
    vi.advanceTimersByTime(FLASH_INTERVAL_MS);
    expect(document.title).toBe('🚨 SOS: Reception');
    setVisibility('visible');
    expect(document.title).toBe('SOS Console');
    vi.advanceTimersByTime(FLASH_INTERVAL_MS * 3);
    expect(document.title).toBe('SOS Console');
  });
});

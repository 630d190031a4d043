import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore, signedInStore } from '../../test/testKit.js';
import { liveStatusChanged } from '../../store/liveSlice.js';
import { StreamLostBanner } from './StreamLostBanner.js';

const TEXT = 'Connessione persa: gli SOS potrebbero non arrivare';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the live stream lost', () => {
  it('says so 10 s after sign-in when the stream never opened, with one chime, and goes when it opens', () => {
    const store = signedInStore('EMPLOYEE');
    act(() => void store.dispatch(liveStatusChanged('connecting')));
    renderWithStore(store, <StreamLostBanner />);
    act(() => void vi.advanceTimersByTime(9_900));
    expect(screen.queryByText(TEXT)).toBeNull();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    act(() => void store.dispatch(liveStatusChanged('open')));
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('says so 10 s after an open stream was lost (reported down 5 s after the loss)', () => {
    const store = signedInStore('EMPLOYEE');
    act(() => void store.dispatch(liveStatusChanged('open')));
    renderWithStore(store, <StreamLostBanner />);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.queryByText(TEXT)).toBeNull();
    act(() => void store.dispatch(liveStatusChanged('down')));
    act(() => void vi.advanceTimersByTime(4_900));
    expect(screen.queryByText(TEXT)).toBeNull();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByText(TEXT)).toBeInTheDocument();
  });
});

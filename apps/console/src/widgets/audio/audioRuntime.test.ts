import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AudioRuntime from './audioRuntime.js';

type Runtime = typeof AudioRuntime;
const sound = () => new Response(new Uint8Array(4), { headers: { 'content-type': 'audio/mpeg' } });

/** A fresh module each test: the kept sounds are the page's, once. */
async function runtime(): Promise<Runtime> {
  vi.resetModules();
  return import('./audioRuntime.js');
}

describe('the sounds kept from sign-in on (docs/shift.md "Sounds kept")', () => {
  let urls: number;
  beforeEach(() => {
    urls = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:kept-${++urls}`);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('fetches the alarm and the chime once; their elements play from memory, named by data-sound', async () => {
    const { keepSounds, soundElement, alarmElement, soundsKept } = await runtime();
    const fetcher = vi.fn(async (_url: string) => sound());
    const early = alarmElement(); // the enabling click may come first
    keepSounds(fetcher as unknown as typeof fetch);
    await vi.waitFor(() => expect(soundsKept()).toBe(true));
    expect(fetcher.mock.calls.map(([url]) => url)).toEqual(['/alarm.mp3', '/chime.mp3']);
    expect(early.src).toBe('blob:kept-1');
    expect(early.dataset.sound).toBe('alarm');
    expect(soundElement('chime').src).toBe('blob:kept-2');
    expect(soundElement('chime').dataset.sound).toBe('chime');
    keepSounds(fetcher as unknown as typeof fetch); // a later sign-in
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('a server out at sign-in: tried again every 5 s, then kept; nothing asks the network again', async () => {
    vi.useFakeTimers();
    const { keepSounds, soundElement, soundsKept, SOUND_RETRY_MS } = await runtime();
    let down = true;
    const fetcher = vi.fn(async () => {
      if (down) throw new TypeError('Failed to fetch');
      return sound();
    });
    const stop = keepSounds(fetcher);
    await vi.advanceTimersByTimeAsync(SOUND_RETRY_MS);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(soundsKept()).toBe(false);
    down = false;
    await vi.advanceTimersByTimeAsync(SOUND_RETRY_MS);
    expect(soundsKept()).toBe(true);
    expect(soundElement('chime').src).toMatch(/^blob:/);
    down = true;
    await vi.advanceTimersByTimeAsync(SOUND_RETRY_MS * 4);
    // Twice the alarm refused, then the alarm and the chime: never again.
    expect(fetcher).toHaveBeenCalledTimes(4);
    stop();
  });

  it('sign-out stops the tries', async () => {
    vi.useFakeTimers();
    const { keepSounds, SOUND_RETRY_MS } = await runtime();
    const fetcher = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const stop = keepSounds(fetcher);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(SOUND_RETRY_MS * 3);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('an alarm ringing when its sound arrives rings on, from memory', async () => {
    const { keepSounds, alarmElement, soundsKept } = await runtime();
    const alarm = alarmElement();
    vi.spyOn(alarm, 'paused', 'get').mockReturnValue(false);
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    play.mockClear();
    keepSounds(async () => sound());
    await vi.waitFor(() => expect(soundsKept()).toBe(true));
    expect(alarm.src).toBe('blob:kept-1');
    expect(play).toHaveBeenCalledTimes(1);
  });
});

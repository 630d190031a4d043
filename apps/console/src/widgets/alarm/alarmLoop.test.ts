import { describe, expect, it, vi } from 'vitest';
import { createAlarmLoop, type AudioLike } from './alarmLoop.js';

/** An audio element that plays instantly and lets the test move the playhead. */
class FakeAudio implements AudioLike {
  currentTime = 0;
  duration = 2.06;
  paused = true;
  loop = false;
  muted = false;
  plays = 0;
  failNextPlay = false;
  private listeners = new Set<() => void>();
  play() {
    this.plays += 1;
    if (this.failNextPlay) return Promise.reject(new Error('NotAllowedError'));
    this.paused = false;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  addEventListener(_type: 'timeupdate', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'timeupdate', listener: () => void) {
    this.listeners.delete(listener);
  }
  /** The browser reports progress. */
  advanceTo(time: number) {
    this.currentTime = time;
    for (const listener of this.listeners) listener();
  }
}

describe('alarm loop', () => {
  it('plays while an SOS is open and stops, rewound, when none is', () => {
    const audio = new FakeAudio();
    const alarm = createAlarmLoop(audio);
    alarm.setRinging(true);
    expect(audio.paused).toBe(false);
    alarm.setRinging(true); // another open SOS: still one sound
    expect(audio.plays).toBe(1);
    audio.advanceTo(1.2);
    alarm.setRinging(false);
    expect(audio.paused).toBe(true);
    expect(audio.currentTime).toBe(0);
  });

  it('restarts when less than 0.33 s remain, not before', () => {
    const audio = new FakeAudio();
    createAlarmLoop(audio).setRinging(true);
    audio.advanceTo(1.72); // 0.34 s left
    expect(audio.currentTime).toBe(1.72);
    audio.advanceTo(1.8); // 0.26 s left
    expect(audio.currentTime).toBe(0);
    expect(audio.paused).toBe(false);
  });

  it('only logs a refused playback', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const audio = new FakeAudio();
    audio.failNextPlay = true;
    createAlarmLoop(audio).setRinging(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(error).toHaveBeenCalledWith('Alarm playback failed', expect.any(Error));
    error.mockRestore();
  });

  it('stops listening and playing once disposed', () => {
    const audio = new FakeAudio();
    const alarm = createAlarmLoop(audio);
    alarm.setRinging(true);
    alarm.dispose();
    expect(audio.paused).toBe(true);
    audio.advanceTo(1.9);
    expect(audio.currentTime).toBe(1.9);
  });
});

import type { Page } from '@playwright/test';

export interface MediaState {
  src: string;
  paused: boolean;
  muted: boolean;
  loop: boolean;
  currentTime: number;
}

/** One play() of a sound: when, from what source, and whether the browser started it. */
export interface PlayRecord {
  sound: string;
  src: string;
  at: number;
  /** null while the browser decides; false: refused ("no supported sources", autoplay). */
  ok: boolean | null;
  error: string | null;
}

declare global {
  interface Window {
    __e2eMedia?: Set<HTMLMediaElement>;
    __e2ePlays?: PlayRecord[];
  }
}

/**
 * The alarm is an Audio element the dashboard never attaches to the document: record
 * every media element that is asked to play, and how each play() ended, so the test can look
 * at it. The console names its sounds with data-sound (their source is a blob kept in memory).
 */
export async function watchMedia(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new Set<HTMLMediaElement>();
    const plays: PlayRecord[] = [];
    window.__e2eMedia = seen;
    window.__e2ePlays = plays;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      seen.add(this);
      const record: PlayRecord = {
        sound: this.dataset.sound ?? new URL(this.currentSrc || this.src, location.href).pathname,
        src: this.src,
        at: Date.now(),
        ok: null,
        error: null,
      };
      plays.push(record);
      const started = play.call(this);
      started.then(
        () => void (record.ok = true),
        (error: unknown) => {
          record.ok = false;
          record.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        },
      );
      return started;
    };
  });
}

/** Every play() of a sound ('alarm', 'chime') since the page loaded, oldest first. */
export function plays(page: Page, sound: string): Promise<PlayRecord[]> {
  return page.evaluate(
    (name) => (window.__e2ePlays ?? []).filter((p) => p.sound === name).map((p) => ({ ...p })),
    sound,
  );
}

/** The state of every media element that played the alarm. */
export function alarms(page: Page): Promise<MediaState[]> {
  return page.evaluate(() =>
    [...(window.__e2eMedia ?? [])]
      .filter(
        (media) =>
          media.dataset.sound === 'alarm' ||
          new URL(media.currentSrc || media.src).pathname === '/alarm.mp3',
      )
      .map(({ src, paused, muted, loop, currentTime }) => ({
        src,
        paused,
        muted,
        loop,
        currentTime,
      })),
  );
}

/** Audible: an alarm element playing, not muted, and its playhead moving. */
export async function isRinging(page: Page): Promise<boolean> {
  return (await alarms(page)).some((a) => !a.paused && !a.muted && a.currentTime > 0);
}

export async function isSilent(page: Page): Promise<boolean> {
  return (await alarms(page)).every((a) => a.paused || a.muted);
}

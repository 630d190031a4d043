import type { Page } from '@playwright/test';

export interface MediaState {
  src: string;
  paused: boolean;
  muted: boolean;
  loop: boolean;
  currentTime: number;
}

declare global {
  interface Window {
    __e2eMedia?: Set<HTMLMediaElement>;
  }
}

/**
 * The alarm is an Audio element the dashboard never attaches to the document: record
 * every media element that is asked to play, so the test can look at it.
 */
export async function watchMedia(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new Set<HTMLMediaElement>();
    window.__e2eMedia = seen;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      seen.add(this);
      return play.call(this);
    };
  });
}

/** The state of every media element that played /alarm.mp3. */
export function alarms(page: Page): Promise<MediaState[]> {
  return page.evaluate(() =>
    [...(window.__e2eMedia ?? [])]
      .filter((media) => new URL(media.currentSrc || media.src).pathname === '/alarm.mp3')
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

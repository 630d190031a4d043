/** Alternates the tab title with an alert text until the tab is visible again. */
export interface TitleFlasher {
  flash(alert: string): void;
  stop(): void;
}

export const FLASH_INTERVAL_MS = 1000;

/**
 * `base`, when given, is the title to come back to, read at each tick: the tab title's
 * SOS count (docs/shift.md) may change while it flashes.
 */
export function createTitleFlasher(
  doc: Document = document,
  base?: () => string | null,
): TitleFlasher {
  let original: string | null = null;
  let alert = '';
  let timer: ReturnType<typeof setInterval> | undefined;

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    doc.removeEventListener('visibilitychange', onVisibility);
    if (original !== null) doc.title = base?.() ?? original;
    original = null;
  };
  function onVisibility() {
    if (doc.visibilityState === 'visible') stop();
  }

  return {
    flash(text) {
      alert = text;
      if (original !== null) return; // already flashing: the newest SOS is named on the next tick
      original = doc.title;
      doc.title = alert;
      timer = setInterval(() => {
        doc.title = doc.title === alert ? (base?.() ?? original ?? '') : alert;
      }, FLASH_INTERVAL_MS);
      doc.addEventListener('visibilitychange', onVisibility);
    },
    stop,
  };
}

import { useSyncExternalStore } from 'react';

/** How often live ages move: "da 3 min" turns "da 4 min" at most this late. */
const TICK_MS = 5000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    now = Date.now();
    // One timer for every card on screen, not one per card.
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, TICK_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

/** The time, moving every TICK_MS while some component shows it. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

/** Whole minutes since an ISO instant, never negative (clocks differ by a little). */
export function minutesSince(iso: string, at: number): number {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : Math.max(0, Math.floor((at - time) / 60_000));
}

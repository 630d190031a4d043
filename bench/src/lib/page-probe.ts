import { fileURLToPath } from 'node:url';

/**
 * What src/browser/probe.js installs in the console page as window.__bench: long tasks,
 * paint times of awaited cards, and a frame recorder. Times are page wall clock
 * (performance.timeOrigin + performance.now()). Selectors follow the console's accessible
 * markup: cards are [role=listitem] with an h2 name; an alert card also shows its SOS
 * time in a <time> element.
 */
export const PROBE_SCRIPT = fileURLToPath(new URL('../browser/probe.js', import.meta.url));

interface Probe {
  longTasks: Array<{ at: number; duration: number }>;
  submitAt?: number;
  clickAt?: number;
  /** Name of a watch → wall time of the first frame painted after it came true. */
  done: Record<string, number>;
  watch(
    name: string,
    kind: 'first-card' | 'dashboard' | 'alert' | 'no-alert',
    device?: string,
  ): void;
  frames: number[];
  recordFrames(on: boolean): void;
}

declare global {
  interface Window {
    __bench: Probe;
  }
}

/**
 * Instrumentation injected into the console page before its own scripts (addInitScript):
 * long tasks, paint times of awaited cards, and a frame recorder. Times are page wall
 * clock (performance.timeOrigin + performance.now()). Selectors follow the console's
 * accessible markup: cards are [role=listitem] with an h2 name; an alert card also
 * shows its SOS time in a <time> element.
 */
export interface Probe {
  longTasks: Array<{ at: number; duration: number }>;
  submitAt?: number;
  clickAt?: number;
  /** Name of a watch → wall time of the first frame painted after it came true. */
  done: Record<string, number>;
  watch(name: string, kind: 'first-card' | 'dashboard' | 'alert' | 'no-alert', device?: string): void;
  frames: number[];
  recordFrames(on: boolean): void;
}

declare global {
  interface Window {
    __bench: Probe;
  }
}

export function installProbe() {
  const now = () => performance.timeOrigin + performance.now();
  const watches = new Map<string, () => boolean>();
  let recording = false;
  const probe: Probe = {
    longTasks: [],
    done: {},
    frames: [],
    watch(name, kind, device) {
      const cards = () => Array.from(document.querySelectorAll('[role="listitem"]'));
      const alertOf = (d: string) =>
        cards().some((c) => c.querySelector('h2')?.textContent === d && c.querySelector('time') !== null);
      const test =
        kind === 'first-card'
          ? () => cards().some((c) => c.querySelector('h2') !== null)
          : kind === 'dashboard'
            ? () => location.pathname === '/sos' && document.querySelector('h1') !== null
            : kind === 'alert'
              ? () => alertOf(device ?? '')
              : () => !alertOf(device ?? '');
      delete probe.done[name];
      watches.set(name, test);
      check();
    },
    recordFrames(on) {
      recording = on;
      if (on) {
        probe.frames = [];
        const tick = (t: number) => {
          if (!recording) return;
          probe.frames.push(t);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }
    },
  };
  /** The next frame after the change, and after its paint (a task queued from rAF runs after it). */
  const afterPaint = (name: string) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (probe.done[name] = now());
      channel.port2.postMessage(0);
    });
  const check = () => {
    for (const [name, test] of watches) {
      if (test()) {
        watches.delete(name);
        afterPaint(name);
      }
    }
  };
  window.__bench = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ at: performance.timeOrigin + e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('submit', () => (probe.submitAt ??= now()), true);
  document.addEventListener('click', () => (probe.clickAt = now()), true);
  const start = () => new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  start();
}

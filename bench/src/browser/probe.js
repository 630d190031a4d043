/* global window, document, performance, location, requestAnimationFrame, MessageChannel, PerformanceObserver, MutationObserver */
// Instrumentation injected into the console page before its own scripts (addInitScript,
// as plain JavaScript: compiled TypeScript would carry helpers the page lacks). See
// src/lib/page-probe.ts for what it records.
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const watches = new Map();
  let recording = false;
  const cards = () => Array.from(document.querySelectorAll('[role="listitem"]'));
  const alertOf = (device) =>
    cards().some(
      (c) => c.querySelector('h2')?.textContent === device && c.querySelector('time') !== null,
    );
  const tests = {
    'first-card': () => () => cards().some((c) => c.querySelector('h2') !== null),
    dashboard: () => () => location.pathname === '/sos' && document.querySelector('h1') !== null,
    alert: (device) => () => alertOf(device),
    'no-alert': (device) => () => !alertOf(device),
  };
  // The next frame after the change, and after its paint: a task queued from rAF runs after it.
  const afterPaint = (name) =>
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
  const probe = {
    longTasks: [],
    done: {},
    frames: [],
    watch(name, kind, device) {
      delete probe.done[name];
      watches.set(name, tests[kind](device ?? ''));
      check();
    },
    recordFrames(on) {
      recording = on;
      if (!on) return;
      probe.frames = [];
      const tick = (t) => {
        if (!recording) return;
        probe.frames.push(t);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
  };
  window.__bench = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      probe.longTasks.push({ at: performance.timeOrigin + e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('submit', () => (probe.submitAt ??= now()), true);
  document.addEventListener('click', () => (probe.clickAt = now()), true);
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
  });
})();

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Screens are lazy chunks: the first render of one compiles it, which on a busy 2-core machine
// (CI runs four suites at once) has taken over 5 s. A wait that succeeds ends at once, so a
// long limit costs only a failing test its time.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no object URLs: the sounds kept in memory (audioRuntime.ts) get a stand-in.
URL.createObjectURL ??= () => 'blob:kept-sound';

// The files share their worker's process and window (vite.config.ts, isolate: false): React, MUI
// and the rest of node_modules load once per worker. The console's own modules are evaluated
// afresh for each file, so a file's vi.mock applies and no store, cache or module state is
// inherited from the file before.
vi.resetModules();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Whatever a file stubbed, spied or faked ends with the file; the page's language and title go too.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

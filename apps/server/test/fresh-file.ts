// Runs before every test file (vitest.config.ts setupFiles). The files share their worker's
// process (isolate: false), so the packages in node_modules and PGlite's compiled WebAssembly
// are loaded once per worker, not once per file; what a file could otherwise inherit from the
// one before it is reset here, so no test depends on which file ran before it.
import { afterAll, vi } from 'vitest';

// The server's own modules are evaluated afresh for each file: their state (the receivers'
// counters, the stream's wake-ups, the process-wide metrics registry) starts empty every time.
vi.resetModules();

// Whatever a file stubbed, spied or faked ends with the file.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

import { defineConfig } from 'vitest/config';
import { ciTest, sourceResolve } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolve,
  test: {
    ...ciTest(),
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Two workers even on 2 cores: a file spends much of its time waiting (PostgreSQL, timers,
    // child processes), and the files on PostgreSQL then run beside those on the embedded one.
    maxWorkers: 2,
    // Each file gets its own modules: module state (the receivers' counters, the stream's
    // wake-ups) shared across files made tests depend on which file ran before them.
    isolate: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

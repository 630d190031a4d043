import { defineConfig } from 'vitest/config';
import { ciTest, sourceResolve } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolve,
  test: {
    ...ciTest(),
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fresh-file.ts'],
    pool: 'forks',
    // Three workers on 2 cores: a file spends much of its time waiting (PostgreSQL, timers,
    // child processes), so a third worker fills those waits. In whole `npm test` runs on one
    // machine the suite took 601 s with three and 654 s with two; alone, 278 s with three.
    maxWorkers: 3,
    // A worker's files share its process: node_modules and PGlite's WebAssembly load once per
    // worker (~2.5 s of CPU per file saved), while test/fresh-file.ts gives each file fresh
    // server modules (their state shared across files made tests depend on the order).
    isolate: false,
    // Generous: beside the end-to-end run on a slow 2-core machine, tests that pass in 5 s
    // alone have taken over 30 s (a test that waits for something that never comes fails
    // only later).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

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
    // Files share a worker's modules, so the app's imports load once a worker, not once a file
    // (over a minute of CPU across the suite). Safe because every file builds its own app and
    // database (test/helpers/app.ts) and no file mocks a module.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

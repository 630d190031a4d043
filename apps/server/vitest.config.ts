import { defineConfig } from 'vitest/config';
import { ciTest, sourceResolve } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolve,
  test: {
    ...ciTest(),
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

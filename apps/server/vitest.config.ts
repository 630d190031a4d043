import { defineConfig } from 'vitest/config';
import { sourceResolve } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolve,
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

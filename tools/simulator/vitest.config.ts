import { defineConfig } from 'vitest/config';
import { sourceResolve } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolve,
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

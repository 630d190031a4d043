import { defineConfig } from 'vitest/config';
import { ciTest, sourceResolve } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolve,
  test: { include: ['test/**/*.test.ts'], ...ciTest() },
});

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compiledMessages } from './build/messagesPlugin.js';
import { preloadLogin } from './build/preloadLogin.js';

const catalogue = fileURLToPath(new URL('./src/i18n/catalogue.ts', import.meta.url));
const loginPage = fileURLToPath(new URL('./src/features/auth/LoginPage.tsx', import.meta.url));
const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), compiledMessages(catalogue), preloadLogin(loginPage)],
  // The console compiles the contract from source: one schema, no build step in between.
  // Its zod-free subpaths (paths, limits) keep zod out of the start-up chunk.
  resolve: {
    alias: [
      { find: /^@sos\/contract$/, replacement: `${contractSrc}index.ts` },
      { find: /^@sos\/contract\/(paths|limits)$/, replacement: `${contractSrc}$1.ts` },
      // Messages are precompiled (build/messagesPlugin.ts): the bundle needs no ICU parser.
      // Tests keep it: the catalogue tests format the source texts.
      ...(command === 'build' && mode !== 'test'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // No modulepreload polyfill in the entry: browsers without it (Safari < 17) still load
    // every chunk, only without the early start.
    modulePreload: { polyfill: false },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
}));

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { ciTest, sourceResolve } from '../../vitest.shared.js';
import { compiledMessages } from './build/messagesPlugin.js';
import { logoSplash } from './build/logoSplash.js';
import { preloadLogin } from './build/preloadLogin.js';
import { toolVar } from '../../scripts/lib/env.mjs';

const catalogue = fileURLToPath(new URL('./src/app/catalogue.ts', import.meta.url));
const signedInCatalogue = fileURLToPath(
  new URL('./src/app/signedIn.catalogue.ts', import.meta.url),
);
const loginPage = fileURLToPath(new URL('./src/features/auth/LoginPage.tsx', import.meta.url));
const logo = fileURLToPath(new URL('./public/logo.svg', import.meta.url));

/** `npm run dev` (scripts/dev.mjs) sets both; `npm run dev -w apps/console` alone has these defaults. */
const DEV_PORT = Number(toolVar('CONSOLE_DEV_PORT') ?? 5173);
const API_TARGET = toolVar('CONSOLE_DEV_API_TARGET') ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command, mode }) => ({
  plugins: [
    react(),
    compiledMessages(catalogue),
    // Loaded with the signed-in layout: the /login chunk carries none of its texts.
    compiledMessages(signedInCatalogue, 'virtual:signed-in-messages/'),
    preloadLogin(loginPage),
    logoSplash(logo),
  ],
  // The contract from its sources (the "@sos/source" condition): one schema, no build step
  // in between. Its zod-free subpaths (paths, limits) keep zod out of the start-up chunk.
  resolve: {
    conditions: sourceResolve.resolve.conditions,
    alias: [
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
  ssr: sourceResolve.ssr,
  // The dev server (hot reload) passes /api to the server, the live stream included: an
  // SSE answer is piped through as it comes (no compression, no buffering in between).
  // `npm run dev` shares the terminal with the server: keep its first-start banner on screen.
  clearScreen: false,
  server: {
    port: DEV_PORT,
    strictPort: true,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      // The softphone's SIP over WebSocket (docs/voice.md), which the server passes to Kamailio.
      '/voice/ws': { target: API_TARGET, changeOrigin: false, ws: true },
    },
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
    ...ciTest(),
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    // A worker's files share its process and window: React, MUI and the rest of node_modules
    // load once per worker, not once per file (less than half the suite's CPU), while
    // vitest.setup.ts gives each file fresh console modules and undoes its stubs.
    isolate: false,
    // Vitest's default on 2 cores is one worker (cores − 1): the suite is CPU-bound (jsdom), and
    // two workers take it from 75 to 43 s alone with the same CPU time.
    maxWorkers: 2,
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Each test's limit: see asyncUtilTimeout in vitest.setup.ts.
    testTimeout: 60_000,
    // The one place every failed call reaches logs it (store/listeners.ts): the tests of
    // failures make it print thousands of lines; a test that cares spies on console.error.
    onConsoleLog: (log) => !log.startsWith('API call failed'),
  },
}));

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const contractSrc = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  // The console compiles the contract from source: one schema, no build step in between.
  resolve: { alias: { '@sos/contract': contractSrc } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});

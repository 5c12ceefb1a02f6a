import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/v0', '/v1', '/v2', '/multisite-config', '/health', '/docs'].map((p) => [p, api]),
    ),
  },
  // The manifest lets bench/measure-bundle.ts add up what each first screen loads.
  build: { target: 'es2022', chunkSizeWarningLimit: 1200, manifest: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
});

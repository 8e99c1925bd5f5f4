/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { gzipBuiltFiles, preloadChunkOf } from './build-plugins';

// The API server (`ledgerline serve`) listens on 8080 by default; override with
// LEDGERLINE_API_URL when it runs elsewhere.
const apiTarget = process.env.LEDGERLINE_API_URL ?? 'http://127.0.0.1:8080';

const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  plugins: [
    react(),
    preloadChunkOf(
      '/src/app/routes/app/main-root.tsx',
      // A screen's prefetch plan runs as navigation starts; preloaded, it need not wait
      // for a round of requests of its own before asking for the screen's data.
      '/src/features/accounting/prefetch.ts',
      '/src/features/audit/prefetch.ts',
      '/src/features/debts/prefetch.ts',
    ),
    gzipBuiltFiles(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy },
  preview: { proxy },
  build: {
    // Keep vendor code in a few stable chunks; route code is split by the router's lazy().
    rollupOptions: {
      output: {
        // Modules shared by a few screens would each be a chunk of a few kB: ~140 files,
        // fetched over HTTP/1.1's six connections per host in rounds. Chunks under 20 kB
        // join another chunk loaded with them wherever that runs no code earlier than
        // before, which halves the files a screen's first load waits for.
        experimentalMinChunkSize: 20_000,
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (
            /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|swr|use-sync-external-store)\//.test(
              id,
            )
          )
            return 'react';
          // The date pickers (and dayjs) load with the first screen that has a date input.
          if (/node_modules\/(@mantine\/dates|dayjs)\//.test(id)) return 'dates';
          if (id.includes('node_modules/@mantine/')) return 'mantine';
          if (id.includes('node_modules/@tabler/')) return 'icons';
          if (/node_modules\/(zod|react-hook-form|@hookform)\//.test(id)) return 'forms';
          // The grid and the charts load only with the accounting screens that use them.
          if (/node_modules\/(ag-grid-community|ag-grid-react)\//.test(id)) return 'grid';
          // Everything else stays with its importer: a catch-all vendor chunk can form an
          // import cycle with the react chunk and break start-up.
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Whole forms render in jsdom; on a busy 2-core machine one can pass 5 s. The limit
    // only stops a hung test, it measures nothing.
    testTimeout: 20_000,
  },
});

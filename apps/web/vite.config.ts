import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
// Relative, not `@lms/contract`: vite bundles a config's relative imports, but loads packages with Node,
// which cannot read TypeScript.
import { entryPageFor } from '../../packages/contract/src/web-entries.rules.ts';
import { antdStylesPlugin } from './build/antd-styles.plugin.ts';
import { compileHintsPlugin } from './build/compile-hints.plugin.ts';
import { earlyRequestsPlugin, firstScreenModules } from './build/early-requests.plugin.ts';
import { pdfjsWasmPlugin } from './build/pdfjs-wasm.plugin.ts';
import { isReactFacade, productionLibrariesPlugin } from './build/production-libraries.plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker.plugin.ts';

const api = 'http://localhost:3000';
const reactModulePattern = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * In dev and preview, the pages with an entry of their own (/login, /ujian/{id}/soal) get their HTML
 * (login.html, exam.html), as the server and the service worker decide (docs/web.md "Own entries").
 */
function ownEntryFallback(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const page = req.url ? entryPageFor(req.url.split('?')[0]!) : 'index.html';
    if (page !== 'index.html') req.url = `/${page}`;
    next();
  };
  return {
    name: 'lms-own-entries',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

export default defineConfig({
  plugins: [
    react(),
    productionLibrariesPlugin(),
    ownEntryFallback(),
    // The CSS of the first screens' antd components, built ahead instead of computed in the phone.
    antdStylesPlugin(),
    // index.html asks for the start-up answers from a small entry of its own (src/early-main.ts).
    earlyRequestsPlugin(),
    // The scripts a first screen runs at once are compiled while they download, not when first called.
    compileHintsPlugin({ firstScreenModules: Object.values(firstScreenModules).flat() }),
    // pdf.js's wasm decoders and their fallbacks, from our own origin under fixed names.
    pdfjsWasmPlugin(),
    // sw.js: keeps the app shell and hashed files on the phone (build/service-worker.template.js).
    serviceWorkerPlugin(),
    // .br and .gz beside every text file of the build; the server sends the one the browser accepts
    // (apps/server/src/platform/web-app.plugin.ts), so phones get ~300 KB instead of ~1 MB of script.
    // With the wasm of the QR scanner's ZXing reader (~950 KB, ~400 KB gzip) and of pdf.js's decoders.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|xml|css|json|js|mjs|svg|yaml|yml|toml|wasm)$/,
      exclude: [/\.vite\//],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/v0', '/v1', '/v2', '/multisite-config', '/health', '/docs'].map((p) => [p, api]),
    ),
  },
  // The manifest maps chunks to their sources, for looking into what a screen loads
  // (bench/measure-bundle.ts measures in a browser and lists the files with --files).
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    manifest: true,
    rolldownOptions: {
      // Three pages, each with its own scripts: the app (index.html), and sign-in (login.html) and the
      // exam page (exam.html) alone, without the app shell (the contract's `ownEntryPages`); and the
      // app's start-up requests, which index.html loads ahead of the app (build/early-requests.plugin.ts).
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        login: path.resolve(import.meta.dirname, 'login.html'),
        exam: path.resolve(import.meta.dirname, 'exam.html'),
        early: path.resolve(import.meta.dirname, 'src/early-main.ts'),
      },
      // The app's first load in two files of libraries instead of ~30 (each a request of its own on a phone's
      // slow link, and ~400 bytes of headers): React for all three pages, and the libraries only the app
      // loads at once (the `$initial` tag keeps what its lazy screens use out). Sign-in and the exam page
      // use none of the second group; the bundle check (bench/measure-bundle.ts) fails if they ever do.
      output: {
        codeSplitting: {
          // Shared pieces under ~40 KB of source go into each screen's chunk that uses them instead of a
          // file of their own: a meeting page came in ~55 files after its route matched, and a phone's
          // HTTP/1.1 link fetches six at a time (Lighthouse: meeting 65 → 69, class 71 → 80). The copies
          // cost ~10 KB gzip on the dashboard. Turns on `strictExecutionOrder` (modules run in source order).
          experimentalInlineCommonChunks: { maxSize: 40_000 },
          groups: [
            // With React's ES module facades (build/production-libraries.plugin.ts), which every page uses.
            {
              name: 'react',
              test: (id: string) => reactModulePattern.test(id) || isReactFacade(id),
              priority: 2,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|react-router|@tanstack|axios|dayjs)[\\/]/,
              tags: ['$initial'],
            },
            // antd's status class helper, in a file of its own: left to the bundler, it sits in a shared chunk
            // with Input and Form's validator (~25 KB gzip), which every screen using Space then downloads.
            {
              name: 'antd-status',
              test: /node_modules[\\/]antd[\\/]es[\\/]_util[\\/]statusUtils/,
              priority: -1,
            },
          ],
        },
      },
      treeshake: {
        // The @rc-component packages under antd declare no `sideEffects`, so a bundler must keep every
        // module they re-export from an index (the whole date picker for one calendar panel). Their
        // modules define components and import no CSS; the one import-time effect (the picker's dayjs
        // adapter extends dayjs with plugins) sits in a module whose importers always use its export.
        moduleSideEffects: (id) => (id.includes('/node_modules/@rc-component/') ? false : undefined),
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    // A file's first antd render in jsdom takes seconds when CI shares the machine (10.7 s seen at a load
    // average of 22); the default 5 s would fail correct tests.
    testTimeout: 30_000,
  },
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * pdf.js (5.x) decodes JPEG 2000 (scanned books), JBIG2 and ICC colours with wasm modules, or their
 * JavaScript fallbacks where the page's CSP refuses wasm, which its worker loads by fixed names from
 * one folder (the `wasmUrl` option). Hashed names of ordinary assets cannot give that, so the files are
 * copied into the build under `assets/pdfjs-{version}/` (the version keeps the year-long caching of
 * `assets/` safe) and, in dev, served from node_modules at the same path. The reader builds the same
 * path from `pdfjs.version`.
 */
const wasmFiles = [
  'openjpeg.wasm',
  'openjpeg_nowasm_fallback.js',
  'jbig2.wasm',
  'jbig2_nowasm_fallback.js',
  'qcms_bg.wasm',
];

export function pdfjsWasmPlugin(): Plugin {
  const packageJson = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');
  const sourceDir = path.join(path.dirname(packageJson), 'wasm');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const folder = `assets/pdfjs-${version}`;
  return {
    name: 'lms-pdfjs-wasm',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = req.url?.startsWith(`/${folder}/`) ? req.url.slice(folder.length + 2) : '';
        if (!wasmFiles.includes(file)) return next();
        res.setHeader('content-type', file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
        res.end(readFileSync(path.join(sourceDir, file)));
      });
    },
    generateBundle() {
      for (const file of wasmFiles) {
        this.emitFile({
          type: 'asset',
          fileName: `${folder}/${file}`,
          source: readFileSync(path.join(sourceDir, file)),
        });
      }
    },
  };
}

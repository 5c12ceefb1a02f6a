import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes the service worker (`sw.js`) into the build: service-worker.template.js after the build's
 * version (a hash of every emitted file name, which carry content hashes, and of index.html and
 * exam.html), the files both pages load (cached when the worker installs) and every hashed file of the build.
 */
export function serviceWorkerPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'lms-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      // Both pages of the build: the app and the exam page (exam.html, for /ujian/{id}/soal).
      const pages = ['index.html', 'exam.html'].map((page) => readFileSync(path.join(outDir, page), 'utf8'));
      const assets = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && !/\.(br|gz)$/.test(file))
        .map((file) => `/${file}`)
        .sort();
      const shell = [
        ...new Set(
          pages.flatMap((html) =>
            [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!),
          ),
        ),
      ].sort();
      const version = createHash('sha256')
        .update(assets.join('\n'))
        .update(pages.join('\n'))
        .digest('hex')
        .slice(0, 16);
      const template = readFileSync(new URL('./service-worker.template.js', import.meta.url), 'utf8');
      const build = JSON.stringify({ version, shell, assets });
      writeFileSync(path.join(outDir, 'sw.js'), `const build = ${build};\n\n${template}`);
    },
  };
}

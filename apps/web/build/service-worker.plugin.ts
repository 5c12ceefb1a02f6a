import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// Relative, not `@lms/contract`: vite bundles its config's relative imports (Node cannot load the .ts).
import { ownEntryPages } from '../../../packages/contract/src/web-entries.rules.ts';

/**
 * Writes the service worker (`sw.js`) into the build: service-worker.template.js after the build's
 * version (a hash of every emitted file name, which carry content hashes, and of the HTML pages), the
 * pages with an entry of their own and their paths (the contract's `ownEntryPages`, as the server
 * decides), the files the pages load (cached when the worker installs), every hashed file of the build
 * and the files of `public/` (the avatar placeholder, the icon: an offline start shows them too).
 */
export function serviceWorkerPlugin(): Plugin {
  let outDir = '';
  let publicDir = '';
  return {
    name: 'lms-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    writeBundle(_options, bundle) {
      // The app (index.html) and the pages with their own entry (login.html, exam.html).
      const entries = ownEntryPages.map((entry) => ({ page: `/${entry.page}`, path: entry.path.source }));
      const pages = ['index.html', ...ownEntryPages.map((entry) => entry.page)].map((page) =>
        readFileSync(path.join(outDir, page), 'utf8'),
      );
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
      const publicFiles = publicDir
        ? readdirSync(publicDir, { withFileTypes: true })
            .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
            .map((entry) => `/${entry.name}`)
            .sort()
        : [];
      const version = createHash('sha256')
        .update(assets.join('\n'))
        .update(pages.join('\n'))
        .update(
          publicFiles.map((file) => readFileSync(path.join(publicDir, file.slice(1)), 'utf8')).join('\n'),
        )
        .digest('hex')
        .slice(0, 16);
      const template = readFileSync(new URL('./service-worker.template.js', import.meta.url), 'utf8');
      const build = JSON.stringify({ version, entries, shell, assets, publicFiles });
      writeFileSync(path.join(outDir, 'sw.js'), `const build = ${build};\n\n${template}`);
    },
  };
}

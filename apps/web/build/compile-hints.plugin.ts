import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { chunksByFile, withImports } from './bundle-graph.ts';

/** V8's explicit compile hint (Chrome 136): compile every function of the file while it downloads. */
export const eagerCompileHint = '//# allFunctionsCalledOnLoad';

/**
 * The chunks a page runs as it starts: the pages' entries and the first screens' route chunks (modules
 * given by path from the app's root), with every chunk they import statically.
 */
export function chunksCalledOnLoad(bundle: OutputBundle, firstScreenModules: string[]): OutputChunk[] {
  const chunks = chunksByFile(bundle);
  const starts = [...chunks.values()].filter(
    (chunk) =>
      chunk.isEntry || firstScreenModules.some((module) => chunk.facadeModuleId?.endsWith(`/${module}`)),
  );
  return [...withImports(chunks, ...starts)].map((file) => chunks.get(file)!);
}

/**
 * Puts V8's eager compile hint on the first line of the scripts a page runs as it starts. Without it V8
 * only pre-parses a function and compiles it on the main thread the first time it is called: React DOM's
 * module body alone took up to 31 ms there, one task the phone cannot interrupt, that Lighthouse multiplies
 * by four. With it the compiling happens on a background thread while the file downloads
 * (docs/performance.md, "Fifteenth round"). V8 reads the comment only on a file's first line, so it is
 * added last, after Vite has put its preload list (`__vite__mapDeps`) at the top, and the file's .br and
 * .gz, compressed by then, are made again (as vite-plugin-compression2 makes them). The hashes in the file
 * names are of the code without it, which the comment does not change.
 */
export function compileHintsPlugin(options: { firstScreenModules: string[] }): Plugin {
  return {
    name: 'lms-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of chunksCalledOnLoad(bundle, options.firstScreenModules)) {
          chunk.code = `${eagerCompileHint}\n${chunk.code}`;
          const compressed = { br: brotli, gz: gzip };
          for (const [extension, compress] of Object.entries(compressed)) {
            const file = bundle[`${chunk.fileName}.${extension}`] as OutputAsset | undefined;
            if (file) file.source = compress(chunk.code);
          }
        }
      },
    },
  };
}

const brotli = (code: string) =>
  brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
const gzip = (code: string) => gzipSync(code, { level: 9 });

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { chunksCalledOnLoad, compileHintsPlugin, eagerCompileHint } from './compile-hints.plugin.ts';

const firstScreenModules = ['src/app/meeting-route.tsx'];
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], isEntry = false) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  imports,
  isEntry,
  code: `/* ${fileName} */`,
});
const bundle = () =>
  Object.fromEntries(
    [
      chunk('index.js', '/app/index.html', ['react.js', 'runtime.js'], true),
      chunk('react.js', null, ['runtime.js']),
      chunk('runtime.js', null, []),
      chunk('meeting-route.js', '/app/src/app/meeting-route.tsx', ['rich-text.js']),
      chunk('rich-text.js', null, ['runtime.js']),
      chunk('pdf.js', '/app/src/features/material/pdf.tsx', ['react.js']),
      { type: 'asset', fileName: 'index.js.br', source: 'stale' },
      { type: 'asset', fileName: 'index.js.gz', source: 'stale' },
    ].map((output) => [output.fileName, output]),
  ) as unknown as OutputBundle;

describe('chunksCalledOnLoad', () => {
  it('takes the entries and the first screens’ route chunks with what they import, not what loads later', () => {
    const names = chunksCalledOnLoad(bundle(), firstScreenModules).map((found) => found.fileName);
    expect(names.sort()).toEqual(['index.js', 'meeting-route.js', 'react.js', 'rich-text.js', 'runtime.js']);
  });
});

describe('compileHintsPlugin', () => {
  it('puts the hint on the first line, above Vite’s preload list, and compresses the file again', () => {
    const output = bundle();
    const hook = compileHintsPlugin({ firstScreenModules }).generateBundle as {
      handler: (options: unknown, bundle: OutputBundle) => void;
    };
    hook.handler({}, output);

    const index = output['index.js'] as { code: string };
    expect(index.code).toBe(`${eagerCompileHint}\n/* index.js */`);
    const source = (file: string) => (output[file] as { source: Uint8Array }).source;
    expect(brotliDecompressSync(source('index.js.br')).toString()).toBe(index.code);
    expect(gunzipSync(source('index.js.gz')).toString()).toBe(index.code);
    expect((output['pdf.js'] as { code: string }).code).toBe('/* pdf.js */');
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { compileHintsPlugin, eagerCompileHint, isCalledOnLoad } from './compile-hints.plugin.ts';

const libraries = ['react', 'vendor'];
const firstScreenModules = ['src/app/meeting-route.tsx'];
const chunk = (name: string, facadeModuleId: string | null, isEntry = false) => ({
  name,
  facadeModuleId,
  isEntry,
});

describe('isCalledOnLoad', () => {
  it('takes the entries, the start-up libraries and the first screens’ route chunks', () => {
    expect(isCalledOnLoad(chunk('index', '/app/index.html', true), libraries, firstScreenModules)).toBe(true);
    expect(isCalledOnLoad(chunk('react', null), libraries, firstScreenModules)).toBe(true);
    expect(
      isCalledOnLoad(chunk('meeting-route', '/app/src/app/meeting-route.tsx'), libraries, firstScreenModules),
    ).toBe(true);
  });

  it('leaves the screens and dialogs loaded later', () => {
    expect(isCalledOnLoad(chunk('pdf', null), libraries, firstScreenModules)).toBe(false);
    expect(
      isCalledOnLoad(
        chunk('forum-page', '/app/src/features/forum/forum-page.tsx'),
        libraries,
        firstScreenModules,
      ),
    ).toBe(false);
  });
});

describe('compileHintsPlugin', () => {
  it('puts the hint on the first line, above Vite’s preload list, and compresses the file again', () => {
    const code = 'const __vite__mapDeps=(i)=>i;\nimport"./react.js";';
    const bundle = {
      'assets/index.js': {
        type: 'chunk',
        fileName: 'assets/index.js',
        code,
        ...chunk('index', '/app/index.html', true),
      },
      'assets/index.js.br': { type: 'asset', fileName: 'assets/index.js.br', source: 'stale' },
      'assets/index.js.gz': { type: 'asset', fileName: 'assets/index.js.gz', source: 'stale' },
      'assets/pdf.js': { type: 'chunk', fileName: 'assets/pdf.js', code: 'export{}', ...chunk('pdf', null) },
    } as unknown as OutputBundle;
    const plugin = compileHintsPlugin({ libraries, firstScreenModules });
    const hook = plugin.generateBundle as { handler: (options: unknown, bundle: OutputBundle) => void };
    hook.handler({}, bundle);

    const index = bundle['assets/index.js'] as { code: string };
    expect(index.code).toBe(`${eagerCompileHint}\n${code}`);
    const source = (file: string) => (bundle[file] as { source: Uint8Array }).source;
    expect(brotliDecompressSync(source('assets/index.js.br')).toString()).toBe(index.code);
    expect(gunzipSync(source('assets/index.js.gz')).toString()).toBe(index.code);
    expect((bundle['assets/pdf.js'] as { code: string }).code).toBe('export{}');
  });
});

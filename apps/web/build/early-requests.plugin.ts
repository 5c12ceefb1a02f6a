import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import type { FirstScreen } from '../src/lib/first-screens.ts';
import { firstScreenFilesId } from '../src/lib/first-screen-files.ts';

/** The lazy route module of each first screen (src/app/router.tsx); none of them loads antd. */
export const firstScreenModules: Record<FirstScreen['screen'], string[]> = {
  dashboard: ['src/features/dashboard/routes/dashboard-page.tsx'],
  class: ['src/app/class-route.tsx'],
  meeting: ['src/app/meeting-route.tsx'],
};

/**
 * Loads the `early` entry (src/early-main.ts: the start-up API requests) from index.html's head as an
 * async module, with its imports preloaded, so it runs as soon as its few KB arrive instead of after the
 * app's libraries (the app's own entry imports it too, and a module runs once); and writes the first
 * screens' files into index.html (`#first-screen-files`), which the early entry preloads for the page
 * opened. Only the app's page: sign-in and the exam page ask for nothing before they start.
 */
export function earlyRequestsPlugin(): Plugin {
  return {
    name: 'lms-early-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle || !context.filename.endsWith('/index.html')) return undefined;
        const early = Object.values(context.bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'early',
        );
        if (early?.type !== 'chunk') throw new Error('the build has no `early` entry');
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: firstScreenFilesId },
            children: JSON.stringify(firstScreenFiles(context.bundle)),
            injectTo: 'head',
          },
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${early.fileName}` },
            injectTo: 'head',
          },
          ...early.imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * Each first screen's files that the app's entry does not load itself: its route's chunk, the chunks that
 * one imports (transitively) and their CSS, as absolute paths.
 */
function firstScreenFiles(bundle: OutputBundle): Record<string, string[]> {
  const chunks = new Map(
    Object.values(bundle)
      .filter((output): output is OutputChunk => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const withImports = (start: OutputChunk) => {
    const files = new Set<string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
    };
    visit(start.fileName);
    return files;
  };
  const chunkOf = (module: string) => {
    const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId?.endsWith(`/${module}`));
    if (!chunk) throw new Error(`the build has no chunk of ${module}`);
    return chunk;
  };
  const loadedByApp = withImports(chunkOf('index.html'));
  return Object.fromEntries(
    Object.entries(firstScreenModules).map(([screen, modules]) => {
      const scripts = [...new Set(modules.flatMap((module) => [...withImports(chunkOf(module))]))].filter(
        (file) => !loadedByApp.has(file),
      );
      const styles = scripts.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
      return [screen, [...scripts, ...styles].map((file) => `/${file}`)];
    }),
  );
}

import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { chunksByFile, withImports } from './bundle-graph.ts';
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
 * opened. Only the app's page: sign-in and the exam page ask for nothing before they start. The tags go
 * before the app's entry script, so the early entry's files are asked for first: after the app's
 * libraries, on a busy phone it ran inside the app's first task, and the page's chunk and answers were
 * asked for only then (Lighthouse's LCP estimate of the meeting page ended with them).
 */
export function earlyRequestsPlugin(): Plugin {
  return {
    name: 'lms-early-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle || !context.filename.endsWith('/index.html')) return undefined;
        const early = Object.values(context.bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'early',
        );
        if (early?.type !== 'chunk') throw new Error('the build has no `early` entry');
        const appEntry = html.indexOf('<script type="module"');
        if (appEntry < 0) throw new Error("index.html has no entry script of the app's");
        const files = JSON.stringify(firstScreenFiles(context.bundle));
        const tags = [
          `<script type="application/json" id="${firstScreenFilesId}">${files}</script>`,
          `<script type="module" async crossorigin src="/${early.fileName}"></script>`,
          ...[...withImports(chunksByFile(context.bundle), early)]
            .filter((file) => file !== early.fileName)
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ];
        return `${html.slice(0, appEntry)}${tags.join('\n    ')}\n    ${html.slice(appEntry)}`;
      },
    },
  };
}

/**
 * Each first screen's files that the app's entry does not load itself: its route's chunk, the chunks that
 * one imports (transitively) and their CSS, as absolute paths.
 */
function firstScreenFiles(bundle: OutputBundle): Record<string, string[]> {
  const chunks = chunksByFile(bundle);
  const chunkOf = (module: string) => {
    const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId?.endsWith(`/${module}`));
    if (!chunk) throw new Error(`the build has no chunk of ${module}`);
    return chunk;
  };
  const loadedByApp = withImports(chunks, chunkOf('index.html'));
  return Object.fromEntries(
    Object.entries(firstScreenModules).map(([screen, modules]) => {
      const scripts = [
        ...new Set(modules.flatMap((module) => [...withImports(chunks, chunkOf(module))])),
      ].filter((file) => !loadedByApp.has(file));
      const styles = scripts.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
      return [screen, [...scripts, ...styles].map((file) => `/${file}`)];
    }),
  );
}

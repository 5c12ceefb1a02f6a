import type { Plugin } from 'vite';

/**
 * Loads the `early` entry (src/early-main.ts: the start-up API requests) from index.html's head as an
 * async module, with its imports preloaded, so it runs as soon as its few KB arrive instead of after the
 * app's libraries (the app's own entry imports it too, and a module runs once). Only the app's page:
 * sign-in and the exam page ask for nothing before they start.
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

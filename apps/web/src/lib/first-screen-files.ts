import type { FirstScreen } from './first-screens.ts';

/**
 * The id of index.html's JSON of each first screen's build files (its lazy route's scripts beyond the
 * app's entry, and their CSS), which build/early-requests.plugin.ts writes; absent in development.
 */
export const firstScreenFilesId = 'first-screen-files';

/**
 * Starts the download of the opened first screen's code and CSS beside the app's libraries: without it
 * the route's chunk is asked for only once the app has run and matched the route (docs/web.md "Answers
 * asked for early"). The app's lazy import then finds them preloaded.
 */
export function preloadFirstScreenFiles(screen: FirstScreen['screen'] | undefined): void {
  const list = document.getElementById(firstScreenFilesId)?.textContent;
  if (!screen || !list) return;
  const files = (JSON.parse(list) as Partial<Record<string, string[]>>)[screen] ?? [];
  for (const href of files) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As the app's loader asks for them (vite's preload helper), so the browser uses what came.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

import { startEarlyRequests } from './lib/early-requests.ts';
import { preloadFirstScreenFiles } from './lib/first-screen-files.ts';
import { matchFirstScreen } from './lib/first-screens.ts';

// An entry of its own, loaded by index.html ahead of the app (build/early-requests.plugin.ts); main.tsx
// imports it as well, so it also runs in development, where that tag is not added. A module runs once.
startEarlyRequests();
preloadFirstScreenFiles(matchFirstScreen(location.pathname)?.screen);

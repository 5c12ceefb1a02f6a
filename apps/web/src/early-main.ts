import { startEarlyRequests } from './lib/early-requests.ts';

// An entry of its own, loaded by index.html ahead of the app (build/early-requests.plugin.ts); main.tsx
// imports it as well, so it also runs in development, where that tag is not added. A module runs once.
startEarlyRequests();

import { applyColorMode, rememberedColorMode } from './lib/college.ts';
import { startEarlyRequests } from './lib/early-requests.ts';
import { preloadFirstScreenFiles } from './lib/first-screen-files.ts';
import { matchFirstScreen } from './lib/first-screens.ts';

// An entry of its own, loaded by index.html ahead of the app (build/early-requests.plugin.ts); main.tsx
// imports it as well, so it also runs in development, where that tag is not added. A module runs once.
// The last visit's colours before anything is drawn: a dark college's loading text and shell are not
// light until its configuration answer comes (docs/web.md "Before the app starts").
applyColorMode(rememberedColorMode());
// The screen's code first: on a phone's six connections its scripts are the larger part of the wait, and a
// server on the embedded database answers in the order asked (a meeting page's chunk came after its ten
// answers, 250 ms after it was asked for, before this order).
preloadFirstScreenFiles(matchFirstScreen(location.pathname)?.screen);
startEarlyRequests();

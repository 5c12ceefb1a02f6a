import './early-main.ts';
// First, so the app's own CSS comes after them (build/antd-styles.plugin.ts): the theme's CSS variables,
// which the plain components of the shell and the first screens use, and the icons' base rule (their own
// insertion is off: app/provider.tsx). antd's own styles come with antd's
// provider (components/antd-scope.tsx): the first screens draw no antd.
import 'virtual:theme-variables.css';
import 'virtual:icon-styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { reloadForChunkError } from './lib/chunk-reload.ts';
import { registerServiceWorker } from './lib/register-service-worker.ts';

// Vite reports a failed preload of a code-split chunk here; reload once, at most once per 60 s.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

registerServiceWorker();

const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

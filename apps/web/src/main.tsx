import './early-main.ts';
// First, so the app's own CSS comes after them (build/antd-styles.plugin.ts): the theme's CSS variables,
// which the shell's and the dashboard's plain components use too, and antd's styles of the first screens.
// Those stay in the entry although the dashboard draws no antd: loaded with antd's provider instead, the
// class and meeting pages parsed them after the first paint (docs/performance.md "Ninth round").
import 'virtual:theme-variables.css';
import 'virtual:antd-first-screen.css';
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

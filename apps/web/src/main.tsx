import './early-main.ts';
// The theme's CSS variables, which the shell's and the dashboard's plain components use
// (build/antd-styles.plugin.ts).
import 'virtual:theme-variables.css';
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

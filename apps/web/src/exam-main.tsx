import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshBeforeExpiryMs } from '@lms/contract/auth.rules';
import { ExamTakingApp } from './features/exam/taking/exam-taking-app.tsx';
import './components/base-text.css';
import './features/exam/taking/exam-taking.css';
import { reloadForChunkError } from './lib/chunk-reload.ts';
import { registerServiceWorker } from './lib/register-service-worker.ts';
import { readTokens, subscribeTokens } from './lib/session/token-store.ts';

// The second entry of the web app (exam.html): the exam page `/ujian/{id}/soal` alone, without the app
// shell (antd, router, TanStack Query, axios), so a student on a cheap phone over 3G gets the questions
// from about a third of the script (docs/web.md "Own entries"). The server and the service worker send
// exam.html for this path; the app's router sends a click on "Kerjakan" here with a full page load.

window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

registerServiceWorker();

/** Signed out (no session, a 401, or a sign-out in another tab): to the sign-in page, back here after. */
function toSignIn(): void {
  const redirect = window.location.pathname + window.location.search;
  window.location.replace(`/login?${new URLSearchParams({ redirect }).toString()}`);
}

/**
 * Refreshes the token shortly before it ends, as the app's scheduleRefresh does, so the event stream
 * and the saves stay signed in; the refresh code loads only when one is due.
 */
function keepSessionFresh(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const plan = () => {
    clearTimeout(timer);
    const tokens = readTokens();
    if (!tokens) return;
    const delay = Math.max(0, tokens.expiresAt - refreshBeforeExpiryMs - Date.now());
    timer = setTimeout(
      () => {
        import('./lib/session/access-token.ts')
          .then((session) => session.refreshTokens())
          .then(plan, () => {
            timer = setTimeout(plan, 30_000);
          });
      },
      Math.min(delay, 2_000_000_000),
    );
  };
  plan();
  subscribeTokens((tokens) => {
    if (tokens) plan();
    else toSignIn();
  });
}

const examId = /^\/ujian\/([^/]+)\/soal\/?$/.exec(window.location.pathname)?.[1];
if (!readTokens()) toSignIn();
else if (!examId) window.location.replace('/ujian');
else {
  keepSessionFresh();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ExamTakingApp examId={decodeURIComponent(examId)} />
    </StrictMode>,
  );
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { oauthCodeForward } from './app/route-guards.ts';
import { LoginApp } from './features/auth/login/login-app.tsx';
import './components/base-text.css';
import './features/auth/login/login-page.css';
import { registerServiceWorker } from './lib/register-service-worker.ts';
import { safeTarget } from './lib/safe-target.ts';
import { readTokens } from './lib/session/token-store.ts';

// An entry of its own (login.html): the sign-in page `/login` alone, without the app shell (antd, router,
// TanStack Query, axios), because it is the first download of every phone (docs/web.md "Own entries").
// The server and the service worker send login.html for this path; the app's router sends its own
// navigations to /login (a sign-out, an expired session) here with a full page load.

registerServiceWorker();

const url = new URL(window.location.href);
const target = url.searchParams.get('redirect');
// The app's middleware, in the same order: a page carrying a `code` goes to /oauth (spec 1 §4), and a
// visitor already signed in goes straight on to where they wanted to go.
const codeForward = oauthCodeForward(url, document.referrer);
// The forgotten-password pages share this entry (issue 41), loaded only there so the sign-in page stays
// as small as it was; they work signed in or not.
const resetPage = url.pathname.replace(/\/$/, '');
if (resetPage === '/lupa-kata-sandi' || resetPage === '/reset-kata-sandi') {
  void import('./features/auth/login/password-reset-pages.tsx').then(
    ({ ForgotPasswordApp, ResetPasswordApp }) =>
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          {resetPage === '/lupa-kata-sandi' ? <ForgotPasswordApp /> : <ResetPasswordApp />}
        </StrictMode>,
      ),
  );
} else if (codeForward) window.location.replace(codeForward);
else if (readTokens()) window.location.replace(safeTarget(target));
else {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LoginApp target={target} />
    </StrictMode>,
  );
}

import { useEffect } from 'react';
import type { createBrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { scheduleRefresh } from '../lib/session/access-token.ts';
import { switchUserData } from '../lib/session/switch-user-data.ts';
import { subscribeTokens, tokenSubject, readTokens } from '../lib/session/token-store.ts';
import { forgetLastUser } from './offline-session.ts';
import { publicPaths, signInRedirect } from './route-guards.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Keeps the page in step with the session: the refresh timer, sign-in after an expiry (401, failed
 * refresh), and changes made in other tabs (logout, another user, acting for a student).
 */
export function SessionWatcher({ router }: { router: AppRouter }) {
  useEffect(() => scheduleRefresh(), []);

  useEffect(() => {
    let subject = tokenSubject(readTokens()?.accessToken);
    return subscribeTokens((tokens, reason) => {
      const previous = subject;
      subject = tokenSubject(tokens?.accessToken);
      const { pathname } = router.state.location;
      const onPublicPage = publicPaths.some((p) => pathname === p || pathname.startsWith(`${p}/`));
      if (!tokens) {
        forgetLastUser();
        // A logout navigates by itself; an expiry (or a logout in another tab) is sent to sign in.
        if (reason === 'logout') return;
        const leave = onPublicPage
          ? Promise.resolve()
          : router.navigate(signInRedirect(new URL(window.location.href)), { replace: true });
        // Cleared after leaving, so the pages of the ended session do not refetch on the way out.
        void leave.then(() => queryClient.clear());
        return;
      }
      if (reason === 'other-tab' && previous !== subject && !onPublicPage) {
        // Another tab signed in as someone else or switched to acting for a student.
        void switchUserData().then(() => router.navigate('/beranda', { replace: true }));
      }
    });
  }, [router]);

  return null;
}

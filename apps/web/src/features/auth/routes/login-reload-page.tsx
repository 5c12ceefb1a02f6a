import { useEffect } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';

const reloadKey = 'lms.login_page_reload_at';

/**
 * /login inside the app (a sign-out, an expired session, a protected page opened signed out): the
 * sign-in page is its own entry (login.html, served by the server and the service worker for this
 * path), so it is loaded with a full page load. A reload that lands here again within 10 s (an older
 * service worker still serving index.html) waits 3 s for the new worker before trying once more.
 */
export function LoginReloadPage() {
  useEffect(() => {
    const last = Number(sessionStorage.getItem(reloadKey)) || 0;
    const delay = Date.now() - last < 10_000 ? 3_000 : 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the app's own page load has finished (a protected page opened signed out lands here while
    // still loading), so the browser sees two loads one after the other rather than one cut short.
    const reload = () => {
      timer = setTimeout(() => {
        sessionStorage.setItem(reloadKey, String(Date.now()));
        window.location.replace(window.location.pathname + window.location.search);
      }, delay);
    };
    if (document.readyState === 'complete') reload();
    else window.addEventListener('load', reload, { once: true });
    return () => {
      window.removeEventListener('load', reload);
      clearTimeout(timer);
    };
  }, []);
  return <PageLoader fullScreen />;
}

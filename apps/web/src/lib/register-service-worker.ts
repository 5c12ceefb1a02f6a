/**
 * Registers the service worker of a production build once the first screen has loaded, so a second visit
 * starts from the phone's copy of the app (the worker never stores API answers or files; see
 * apps/web/build/service-worker.template.js). Browsers offer it on https and on localhost only.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('service worker not registered', error);
    });
  });
}

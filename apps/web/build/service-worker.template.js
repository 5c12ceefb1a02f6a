// The web app's service worker. The build (service-worker.plugin.ts) writes it to sw.js after a line
// `const build = { version, entries, shell, assets, publicFiles }`: the build's hash, the pages with an
// entry of their own and the paths they serve (`ownEntryPages` in packages/contract/src/web-entries.rules.ts,
// which the server follows too), the files of the first screens, every hashed file of this build, and the
// unhashed files of public/ (kept with the release's pages).
/* global build */

// Never from a cache: API answers, uploaded files (personal data, under /v2/files), the API docs and
// health checks always go to the network, as if there were no service worker; the one exception is a
// material file the student kept, served from the phone when the network fails (below).
const networkOnly = /^\/(v0|v1|v2|multisite-config|docs|health)(\/|$)/;
// Sign-in (login.html) and the exam page (exam.html) have their own entries; every other route is the app.
const ownEntries = build.entries.map((entry) => ({ page: entry.page, path: new RegExp(entry.path) }));
const shellCache = `lms-shell-${build.version}`;
const assetCache = 'lms-assets';
// Materials a student kept on the phone (features/material/api/offline-material-cache.ts, issue 44 §4):
// the page fills and empties it; the worker only reads it, for a file the network cannot bring.
const offlineMaterialsCache = 'lms-offline-materials';
const materialFile = /^\/v2\/files\//;

self.addEventListener('install', (event) => {
  // The app shell of this release, fetched afresh (index.html is never served from the HTTP cache).
  event.waitUntil(
    (async () => {
      const cache = await caches.open(shellCache);
      const pages = ['/index.html', ...ownEntries.map((entry) => entry.page)];
      await cache.addAll(
        [...pages, ...build.publicFiles].map((page) => new Request(page, { cache: 'reload' })),
      );
      await (await caches.open(assetCache)).addAll(build.shell);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  // A new release replaces the old shell at once, and hashed files no longer part of it are dropped, so
  // no page ever gets one release's index.html with another's scripts.
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('lms-shell-') && name !== shellCache) await caches.delete(name);
      }
      const assets = await caches.open(assetCache);
      const current = new Set(build.assets);
      for (const request of await assets.keys()) {
        if (!current.has(new URL(request.url).pathname)) await assets.delete(request);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (materialFile.test(url.pathname) && request.mode !== 'navigate') {
    // Always the network first (files change with their material); only when it fails, the phone's
    // kept copy of exactly this file, if the student kept it. Nothing is stored here.
    event.respondWith(
      fetch(request).catch(async (error) => {
        const kept = await (await caches.open(offlineMaterialsCache)).match(request.url);
        if (kept) return kept;
        throw error;
      }),
    );
    return;
  }
  if (networkOnly.test(url.pathname)) return;
  // A path with an extension names a file (the server's rule too); every other path is a client route.
  if (request.mode === 'navigate' && !/\.\w+$/.test(url.pathname)) {
    // Every client route is the same index.html, except the pages with their own entry (as the server
    // decides too): start from the phone's copy, the network only without one.
    const page = ownEntries.find((entry) => entry.path.test(url.pathname))?.page ?? '/index.html';
    event.respondWith(
      caches.match(page, { cacheName: shellCache }).then((cached) => cached ?? fetch(request)),
    );
    return;
  }
  if (build.publicFiles.includes(url.pathname)) {
    // The avatar placeholder and the icon: this release's copy, so an offline start draws them too.
    event.respondWith(
      caches.match(url.pathname, { cacheName: shellCache }).then((cached) => cached ?? fetch(request)),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names never change content: a stored copy is always right; others are stored on first use.
    event.respondWith(
      (async () => {
        const cache = await caches.open(assetCache);
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      })(),
    );
  }
});

// Web Push (issue 44): the server's message is JSON { judul, tautan, jenis }; it shows as a system
// notification, and a click opens its link in an open window of the app, or a new one.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { judul: event.data ? event.data.text() : '' };
  }
  const link = typeof message.tautan === 'string' && message.tautan.startsWith('/') ? message.tautan : '/';
  event.waitUntil(
    self.registration.showNotification(message.judul || 'Pemberitahuan baru', {
      body: 'Buka untuk melihat.',
      tag: link,
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.link || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      if (open) {
        await open.focus();
        if ('navigate' in open) return open.navigate(target);
        return undefined;
      }
      return self.clients.openWindow(target);
    })(),
  );
});

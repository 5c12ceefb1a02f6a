import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

// The one spec with the service worker (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('the service worker keeps the app shell on the phone, never API answers (kept materials aside)', async ({
  page,
  context,
}) => {
  await signIn(page, 'mahasiswa');
  const cacheNames = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return caches.keys();
  });
  expect(cacheNames).toContain('lms-assets');
  expect(cacheNames.some((name) => name.startsWith('lms-shell-'))).toBe(true);

  // A second visit: the page is under the worker's control and the shell comes from the phone.
  const again = await page.goto('/beranda');
  expect(again?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
  const { names, cachedPaths } = await page.evaluate(async () => {
    const paths: string[] = [];
    const all = await caches.keys();
    for (const name of all) {
      // The one other cache: materials a student chose to keep (offline-materials.spec.ts), filled by
      // the page, never by the worker.
      if (name === 'lms-offline-materials') continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return { names: all, cachedPaths: paths };
  });
  expect(
    names.filter(
      (name) => name !== 'lms-assets' && name !== 'lms-offline-materials' && !name.startsWith('lms-shell-'),
    ),
  ).toEqual([]);
  // The pages of the build: the app, and sign-in (login.html) and the exam page (exam.html), which have
  // their own entries.
  expect(cachedPaths).toContain('/index.html');
  expect(cachedPaths).toContain('/login.html');
  expect(cachedPaths).toContain('/exam.html');
  expect(cachedPaths.some((path) => path.startsWith('/assets/'))).toBe(true);
  // …and the unhashed files of public/ the pages show (the avatar placeholder, the icon).
  expect(cachedPaths).toContain('/avatar-placeholder.svg');
  const pages = ['/index.html', '/login.html', '/exam.html', '/avatar-placeholder.svg', '/favicon.svg'];
  expect(cachedPaths.filter((path) => !path.startsWith('/assets/') && !pages.includes(path))).toEqual([]);

  // Offline, the shell still opens from the phone's copy; only the data needs the network.
  await context.setOffline(true);
  const offline = await page.goto('/kelas');
  expect(offline?.fromServiceWorker()).toBe(true);
  expect(offline?.status()).toBe(200);
  await expect(page).toHaveTitle(/LMS/);
  // The exam page's own entry too: its shell and scripts come from the phone (the exam itself needs the
  // network, so its page says so in a toast).
  const examPage = await page.goto('/ujian/00000000-0000-0000-0000-000000000000/soal');
  expect(examPage?.fromServiceWorker()).toBe(true);
  expect(await examPage?.text()).toContain('<title>Ujian - LMS Mahasiswa</title>');
  await expect(page.getByRole('link', { name: '‹ Detail Ujian' })).toBeVisible();
  await expect(page.getByText(/Tidak dapat memuat kuis\/ujian/)).toBeVisible();
  await context.setOffline(false);
});

test('sign-in is its own page, from the phone when offline, and the way back after a sign-out', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Masuk', exact: true })).toBeVisible();
  await page.evaluate(async () => navigator.serviceWorker.ready);
  // Its own entry: no app shell scripts (antd, router) on the page every phone opens first.
  const scripts = await page.evaluate(() =>
    Array.from(document.querySelectorAll('script[src], link[rel="modulepreload"]')).map(
      (element) => element.getAttribute('src') ?? element.getAttribute('href'),
    ),
  );
  expect(scripts.some((src) => /\/assets\/login-/.test(src ?? ''))).toBe(true);
  expect(scripts.some((src) => /\/assets\/(index|api-client|antd)-/.test(src ?? ''))).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Masuk', exact: true })).toBeVisible();
  await context.setOffline(true);
  const offline = await page.goto('/login?redirect=%2Fkelas');
  expect(offline?.fromServiceWorker()).toBe(true);
  expect(await offline?.text()).toContain('<title>Login - LMS Mahasiswa</title>');
  await expect(page.getByLabel('Username')).toBeVisible();
  await context.setOffline(false);
  await context.close();
});

test('the web app manifest names the college and is linked from every page', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/multisite-config/manifest.webmanifest',
  );
  const manifest = await (await request.get('/multisite-config/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'LMS Universitas Nusantara Digital', display: 'standalone' });
});

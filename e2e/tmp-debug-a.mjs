import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('requestfailed', (r) => console.log('failed', r.url()));
await page.goto('http://localhost:3106/login');
await page.getByLabel('Username').fill(process.argv[2] ?? 'mahasiswa');
await page.getByLabel('Password').fill('demo12345');
await page.getByRole('button', { name: 'Masuk', exact: true }).click();
await page.waitForURL(/beranda/);
for (const path of (process.argv[3] ?? '/pengumuman').split(',')) {
  const t0 = Date.now();
  await page.goto('http://localhost:3106' + path);
  try { await page.locator('main').getByRole('status').waitFor({ state: 'detached', timeout: 15000 }); } catch { console.log('still loading'); }
  console.log(path, Date.now() - t0, 'ms');
  await page.screenshot({ path: `/tmp/lms-a/${path.replace(/[^a-z]/g, '_')}.png`, fullPage: true });
}
await browser.close();

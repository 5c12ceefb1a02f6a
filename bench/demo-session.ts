// The demo student's session for the browser benches (Playwright): signing in through the sign-in
// page, and the demo class's meetings. Page scripts are text: this package is typed without the DOM.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** The demo class every screen bench opens. */
export const demoClassId = '20261_01_IF2102';

/** Signs a demo account in through `/login` on `origin` and waits for the dashboard. */
export async function signInDemo(page: Page, origin: string, username = 'mahasiswa'): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo12345');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL(/\/beranda$/);
}

/** The id of the demo class's first meeting, asked with the signed-in page's token. */
export async function firstDemoMeetingId(page: Page): Promise<string> {
  return (await page.evaluate(`(async () => {
    const session = JSON.parse(localStorage.getItem('lms.session'));
    const answer = await fetch('/v2/lms/kelas_kuliah/${demoClassId}/pertemuan?page=1&per_page=1', {
      headers: { authorization: 'Bearer ' + session.accessToken },
    });
    return (await answer.json()).data[0].id;
  })()`)) as string;
}

/**
 * A cold phone-sized page signed in as the demo student (a fresh context with no service worker, after
 * signing in in another) with Lighthouse's 4x CPU slowdown, and the path of the screen to open there:
 * `--meeting` among the arguments opens the demo class's first meeting, else `target`.
 */
export async function coldPhonePage(
  browser: Browser,
  origin: string,
  target: string,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; url: string }> {
  const signInContext = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const signInPage = await signInContext.newPage();
  await signInDemo(signInPage, origin);
  const url = process.argv.includes('--meeting')
    ? `/kelas/${demoClassId}/${await firstDemoMeetingId(signInPage)}`
    : target;
  const storageState = await signInContext.storageState();
  await signInContext.close();
  const context = await browser.newContext({
    storageState,
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page, cdp, url };
}

import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoPassword, screenshot } from './helpers.ts';

// Issue 45: a student's week with the keyboard alone. After the sign-in page is opened, every step is a
// key (Tab, Shift+Tab, Enter, Space, Escape, the arrows and End in a menu): no clicks, no addresses typed.
// Every stop the focus makes on the way must be visible (an outline or a ring), or a sighted keyboard user
// is lost.

/** What the focused element is, and whether it draws a focus ring (an outline or a box shadow). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: 'body', ring: false, scripted: false };
    const ringed = (at: Element) => {
      const style = getComputedStyle(at);
      return (
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
      );
    };
    // A text field draws its ring on its frame (the field's border and shadow, as antd's do); a card's link
    // may outline its card (an outline, which no card wears otherwise).
    const field = /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName);
    const frames = [element, ...(field ? [element.parentElement, element.parentElement?.parentElement] : [])];
    const outlined = (at: Element | null) =>
      at !== null &&
      getComputedStyle(at).outlineStyle !== 'none' &&
      parseFloat(getComputedStyle(at).outlineWidth) > 0;
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return {
      name: `${element.tagName.toLowerCase()} "${label}"`,
      ring: frames.some((at) => at && ringed(at)) || outlined(element.parentElement),
      // Focused by a script, not a stop of the Tab order: draws no ring by design (docs/web.md).
      scripted: element.tabIndex < 0,
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the focus shows.
 * Fails after `limit` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}) {
  const unringed: string[] = [];
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const stop = await focused(page);
    if (!stop.ring && !stop.scripted && stop.name !== 'body') unringed.push(stop.name);
    if (await target.evaluate((element) => element === document.activeElement)) {
      expect(unringed, 'stops without a visible focus').toEqual([]);
      return;
    }
  }
  throw new Error(`no focus on ${target.toString()} after ${limit} presses`);
}

test('keyboard only: sign in, open a class, a meeting and its material, sign out', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');

  // Sign-in: Tab to the username, type, Tab to the password, type, Enter.
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type('mahasiswa');
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(demoPassword);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/beranda$/, { timeout: 30_000 });
  const classCard = page.locator('.dashboard-class').first();
  await expect(classCard).toBeVisible({ timeout: 30_000 });

  // Past the menu with the skip link, then to the first class of the dashboard.
  await tabTo(page, page.getByRole('link', { name: 'Lewati ke konten utama' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await tabTo(page, classCard);
  await screenshot(page, 'keyboard-dashboard-class-1280');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kelas\/[^/]+$/);

  // The class page: on to its first meeting in the list.
  const firstMeeting = page.getByTestId('meeting-card').first();
  await expect(firstMeeting).toBeVisible({ timeout: 30_000 });
  await tabTo(page, firstMeeting, { limit: 80 });
  await screenshot(page, 'keyboard-class-meeting-1280');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kelas\/[^/]+\/[^/]+$/);

  // The meeting page: its first material opens in the page (Baca or Putar), and closes again.
  const view = page
    .locator('.material-card')
    .getByRole('button', { name: /^(Baca|Putar) / })
    .first();
  await expect(view).toBeVisible({ timeout: 30_000 });
  const [word, ...title] = (await view.getAttribute('aria-label'))!.split(' ');
  await tabTo(page, view, { limit: 80 });
  await page.keyboard.press('Enter');
  const close = page.getByRole('button', { name: `Tutup ${title.join(' ')}`, exact: true });
  await expect(close).toBeFocused();
  await screenshot(page, 'keyboard-meeting-material-1280');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `${word} ${title.join(' ')}`, exact: true })).toBeFocused();

  // Sign-out: back up to the profile menu, open it, down to Logout.
  const profile = page.getByRole('button', { name: 'Menu profil' });
  await tabTo(page, profile, { back: true, limit: 80 });
  await page.keyboard.press('Enter');
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeVisible();
  // Escape closes the menu and gives the focus back to its button; Space opens it again.
  await page.keyboard.press('Escape');
  await expect(logout).toBeHidden();
  await expect(profile).toBeFocused();
  await page.keyboard.press('Space');
  await expect(logout).toBeVisible();
  // Tab past the last item leaves the menu, and closes it; Shift+Tab comes back to its button.
  await page.keyboard.press('End');
  await expect(logout).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(logout).toBeHidden();
  await tabTo(page, profile, { back: true, limit: 5 });
  await page.keyboard.press('Enter');
  await expect(logout).toBeVisible();
  for (let press = 0; press < 6 && !(await logout.evaluate((e) => e === document.activeElement)); press++) {
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).ring, 'a menu item shows its focus').toBe(true);
  }
  await expect(logout).toBeFocused();
  await screenshot(page, 'keyboard-profile-menu-1280');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Masuk', exact: true })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './helpers.ts';

// The flows' accessibility check must still see what it is there for (its options trade detail for time).
test('the axe check fails a page with low-contrast text and passes it once the text is dark', async ({
  page,
}) => {
  const pageWith = (color: string) =>
    `<!doctype html><html lang="id"><head><title>Uji</title></head><body><main><h1>Judul</h1><p style="color:${color};background:#fff">Teks pengumuman</p></main></body></html>`;
  await page.setContent(pageWith('#bbb'));
  await expect(expectNoSeriousAxeViolations(page)).rejects.toThrow(/color-contrast/);
  await page.setContent(pageWith('#333'));
  await expectNoSeriousAxeViolations(page);
});

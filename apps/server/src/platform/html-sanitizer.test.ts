import { describe, expect, it } from 'vitest';
import { richTextProblems, xssCorpus } from '../testing/xss-corpus.ts';
import { sanitizeDocumentHtml, sanitizeRichText } from './html-sanitizer.ts';

const key = 'AbCdEfGhIjKlMnOpQrStUvWx';
const own = `/v2/files/${key}?college-id=demo`;

describe('sanitizeRichText images', () => {
  it('keeps an image of our own stored files with its alt text, and nothing else on it', () => {
    const clean = sanitizeRichText(
      `<p>Denah</p><img src="${own}" alt="Denah kampus" title="x" width="9000" style="x" onerror="alert(1)">`,
    );
    expect(clean).toBe(`<p>Denah</p><img src="${own}" alt="Denah kampus" />`);
    expect(richTextProblems(clean)).toEqual([]);
  });

  it('drops images from other hosts, data: and javascript: sources, and images without a source', () => {
    for (const html of [
      `<img src="https://evil.example/v2/files/${key}?college-id=demo">`,
      `<img src="//evil.example${own}">`,
      `<img src="http://tracker.example/pixel.gif" alt="x">`,
      '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==">',
      '<img src="javascript:alert(1)">',
      '<IMG SRC="jav&#x09;ascript:alert(1)">',
      `<img src="${own}&download=1">`,
      '<img alt="tanpa sumber">',
    ]) {
      expect(sanitizeRichText(`<p>Teks</p>${html}`)).toBe('<p>Teks</p>');
    }
  });

  it('leaves no script, handler or foreign source in any known payload', () => {
    for (const payload of xssCorpus) {
      expect(richTextProblems(sanitizeRichText(payload)), payload).toEqual([]);
    }
  });

  it('keeps images out of converted office documents', () => {
    expect(sanitizeDocumentHtml(`<h1>Bab</h1><img src="${own}" alt="x">`)).toBe('<h1>Bab</h1>');
  });
});

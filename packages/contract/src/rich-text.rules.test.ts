import { describe, expect, it } from 'vitest';
import { isBlankRichText, isOwnFileUrl, plainTextToRichText } from './rich-text.rules.ts';

describe('plainTextToRichText', () => {
  it('escapes what would be markup and keeps one paragraph per line', () => {
    expect(plainTextToRichText('  a < b & "c"\nbaris <b>dua</b>\n')).toBe(
      '<p>a &lt; b &amp; &quot;c&quot;</p><p>baris &lt;b&gt;dua&lt;/b&gt;</p>',
    );
  });

  it('leaves blank text blank', () => {
    expect(isBlankRichText(plainTextToRichText('   \n  '))).toBe(true);
  });
});

describe('isOwnFileUrl', () => {
  const key = 'AbCdEfGhIjKlMnOpQrStUvWx';
  it('takes our stored files’ addresses only', () => {
    expect(isOwnFileUrl(`/v2/files/${key}?college-id=demo`)).toBe(true);
    expect(isOwnFileUrl(`/v2/files/${key}?college-id=kampus%20satu`)).toBe(true);
  });

  it('refuses other hosts, data: and javascript: URLs, and anything after the college', () => {
    for (const url of [
      `https://evil.example/v2/files/${key}?college-id=demo`,
      `//evil.example/v2/files/${key}?college-id=demo`,
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      `/v2/files/${key}?college-id=demo&download=1`,
      `/v2/files/${key}?college-id=demo"onerror="alert(1)`,
      `/v2/files/short?college-id=demo`,
      `/v2/files/${key}`,
      '',
      null,
    ]) {
      expect(isOwnFileUrl(url)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isBlankRichText, plainTextToRichText } from './rich-text.rules.ts';

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

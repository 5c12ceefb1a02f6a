import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { purifyHtml, RichText } from './rich-text.tsx';

describe('RichText', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const html =
      '<p onclick="x()">Halo <strong>semua</strong><script>alert(1)</script></p>' +
      '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">jahat</a><a href="https://und.ac.id">kampus</a>';
    const clean = purifyHtml(html);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|<img/);
    render(<RichText html={html} />);
    expect(screen.getByText('semua').tagName).toBe('STRONG');
    const link = screen.getByRole('link', { name: 'kampus' });
    expect(link).toHaveAttribute('href', 'https://und.ac.id');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('jahat')).not.toHaveAttribute('href');
  });

  it("keeps a converted document's headings and tables, which other rich text may not have", () => {
    const html = '<h1>Bab 1</h1><table><tbody><tr><td colspan="2">Sel</td></tr></tbody></table>';
    expect(purifyHtml(html, true)).toBe(html);
    expect(purifyHtml(html)).toBe('Bab 1Sel');
    // Each allow-list stays its own, whichever was used first.
    expect(purifyHtml(html, true)).toBe(html);
  });
});

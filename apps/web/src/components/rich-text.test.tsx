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

  it('keeps images of our own stored files only', () => {
    const own = '/v2/files/AbCdEfGhIjKlMnOpQrStUvWx?college-id=demo';
    const clean = purifyHtml(
      `<p>Denah</p><img src="${own}" alt="Denah kampus" onerror="alert(1)" style="width:9000px">` +
        '<img src="https://tracker.example/p.gif" alt="jejak"><img src="data:image/png;base64,iVBORw0KGgo=">' +
        '<img src="javascript:alert(1)"><img alt="tanpa sumber">',
    );
    expect(clean).toBe(`<p>Denah</p><img src="${own}" alt="Denah kampus">`);
    render(<RichText html={clean} />);
    expect(screen.getByRole('img', { name: 'Denah kampus' })).toHaveAttribute('src', own);
    expect(purifyHtml(`<img src="${own}" alt="x">`, true)).toBe('');
  });

  it("keeps a converted document's headings and tables, which other rich text may not have", () => {
    const html = '<h1>Bab 1</h1><table><tbody><tr><td colspan="2">Sel</td></tr></tbody></table>';
    expect(purifyHtml(html, true)).toBe(html);
    expect(purifyHtml(html)).toBe('Bab 1Sel');
    // Each allow-list stays its own, whichever was used first.
    expect(purifyHtml(html, true)).toBe(html);
  });
});

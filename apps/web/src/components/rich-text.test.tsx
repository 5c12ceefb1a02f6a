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
});

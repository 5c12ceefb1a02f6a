import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mainContentId, SkipLink } from './skip-link.tsx';

describe('SkipLink', () => {
  it('moves focus to the main content, leaving the address as it was', () => {
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/beranda">Beranda</a>
        </nav>
        <main id={mainContentId} tabIndex={-1}>
          konten
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Lewati ke konten utama' });
    link.focus();
    const before = window.location.href;
    fireEvent.click(link);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.href).toBe(before);
  });
});

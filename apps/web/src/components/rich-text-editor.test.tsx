import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { altOfFileName, RichTextEditor } from './rich-text-editor.tsx';

describe('RichTextEditor images', () => {
  it("shows 'Sisipkan Gambar' only in an editor given an upload", async () => {
    const upload = {
      accept: ['png', 'jpg', 'jpeg'] as const,
      maxBytes: 5_000_000,
      upload: () => Promise.resolve('/v2/files/AbCdEfGhIjKlMnOpQrStUvWx?college-id=demo'),
    };
    const { unmount } = render(<RichTextEditor label="Isi berita" imageUpload={upload} />);
    expect(await screen.findByRole('button', { name: 'Sisipkan Gambar' })).toBeInTheDocument();
    unmount();
    render(<RichTextEditor label="Isi komentar" />);
    expect(await screen.findByRole('button', { name: 'Tebal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sisipkan Gambar' })).toBeNull();
  });

  it('names an inserted image after its file, and a pasted one Gambar', () => {
    expect(altOfFileName('denah-kampus_2026.png')).toBe('denah kampus 2026');
    expect(altOfFileName('image.png')).toBe('Gambar');
    expect(altOfFileName('.png')).toBe('Gambar');
  });
});

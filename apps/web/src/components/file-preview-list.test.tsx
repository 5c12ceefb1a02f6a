import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilePreviewList, previewableInPage } from './file-preview-list.tsx';

const files = [
  { id: 'f1', name: 'jawaban.docx', size: 20_000 },
  { id: 'f2', name: 'foto-hasil.png', size: 1_500_000 },
  { id: 'f3', name: 'laporan.pdf', size: 300_000 },
];

describe('FilePreviewList', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('knows what the page can show', () => {
    expect(previewableInPage('a.PDF')).toBe(true);
    expect(previewableInPage('a.jpeg')).toBe(true);
    expect(previewableInPage('a.docx')).toBe(false);
  });

  it('lists every file with its size, opens the first image or PDF, and downloads any', async () => {
    const load = vi.fn(async () => new Blob(['x'], { type: 'image/png' }));
    const download = vi.fn(async () => 'ok');
    render(<FilePreviewList files={files} load={load} download={download} onError={vi.fn()} />);
    expect(screen.getByText('(1.5 MB)')).toBeInTheDocument();
    expect(screen.getByText('(20 KB)')).toBeInTheDocument();
    // The docx has no Lihat; the image is open from the start.
    expect(screen.queryByRole('button', { name: 'Lihat jawaban.docx' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Tutup foto-hasil.png' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await screen.findByAltText('foto-hasil.png')).toHaveAttribute('src', 'blob:x');
    expect(load).toHaveBeenCalledWith(files[1]);
    expect(screen.getByRole('button', { name: 'Lihat laporan.pdf' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unduh jawaban.docx' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith(files[0]));
    fireEvent.click(screen.getByRole('button', { name: 'Tutup foto-hasil.png' }));
    expect(screen.queryByAltText('foto-hasil.png')).toBeNull();
  });

  it('says when a file cannot be shown', async () => {
    render(
      <FilePreviewList
        files={[files[1]!]}
        load={() => Promise.reject(new Error('403'))}
        download={vi.fn()}
        onError={vi.fn()}
      />,
    );
    expect(
      await screen.findByText('Berkas tidak dapat ditampilkan. Unduh untuk membukanya.'),
    ).toBeInTheDocument();
  });
});

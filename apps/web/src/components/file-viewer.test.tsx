import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FileViewer, viewerKindOf } from './file-viewer.tsx';

const url = '/v2/files/abcdefghijklmnopqrstuvwx?college-id=demo';

describe('FileViewer', { timeout: 20_000 }, () => {
  it('chooses the viewer by extension', () => {
    expect(viewerKindOf('Foto.JPG')).toBe('image');
    expect(viewerKindOf('modul.pdf')).toBe('pdf');
    expect(viewerKindOf('rekaman.mp3')).toBe('audio');
    expect(viewerKindOf('kuliah.webm')).toBe('video');
    expect(viewerKindOf('tugas.docx')).toBe('other');
  });

  it('shows a PDF in the page from our own URL', () => {
    render(<FileViewer url={url} name="modul.pdf" />);
    expect(screen.getByTitle('modul.pdf')).toHaveAttribute('src', url);
  });

  it('plays audio and video in place', () => {
    const { container, rerender } = render(<FileViewer url={url} name="rekaman.wav" />);
    expect(container.querySelector('audio')).toHaveAttribute('controls');
    rerender(<FileViewer url={url} name="kuliah.mp4" />);
    expect(container.querySelector('video')).toHaveAttribute('src', url);
  });

  it('opens images in a preview with zoom, rotate and flip', async () => {
    render(<FileViewer url={url} name="foto.png" />);
    fireEvent.click(screen.getByAltText('foto.png'));
    const preview = await screen.findByRole('dialog');
    // antd's preview toolbar: flip, rotate and zoom actions.
    for (const action of ['flipY', 'flipX', 'rotateLeft', 'rotateRight', 'zoomOut', 'zoomIn']) {
      expect(
        preview.ownerDocument.querySelector(`.ant-image-preview-actions-action-${action}`),
        action,
      ).not.toBeNull();
    }
  });

  it('offers other files as a download', () => {
    render(<FileViewer url={url} name="tugas.docx" />);
    expect(screen.getByRole('link', { name: 'Unduh' })).toHaveAttribute('href', url);
  });
});

import { describe, expect, it } from 'vitest';
import { viewerKindOf } from './file-viewer.tsx';

describe('viewerKindOf', () => {
  it('chooses the viewer by extension', () => {
    expect(viewerKindOf('Foto.JPG')).toBe('image');
    expect(viewerKindOf('modul.pdf')).toBe('pdf');
    expect(viewerKindOf('rekaman.mp3')).toBe('audio');
    expect(viewerKindOf('kuliah.webm')).toBe('video');
    expect(viewerKindOf('tugas.docx')).toBe('other');
  });
});

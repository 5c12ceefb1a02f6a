import { describe, expect, it } from 'vitest';
import { shortenAttachmentName } from './forum-attachments.tsx';

describe('shortenAttachmentName', () => {
  it('keeps the first 12 and last 8 characters of long names on narrow screens only (spec 2 §9)', () => {
    const long = 'laporan-praktikum-basis-data-minggu-3.pdf';
    expect(shortenAttachmentName(long, true)).toBe('laporan-prak...gu-3.pdf');
    expect(shortenAttachmentName(long, false)).toBe(long);
    expect(shortenAttachmentName('materi-pendahuluan.pdf', true)).toBe('materi-pendahuluan.pdf');
  });
});

import { describe, expect, it } from 'vitest';
import type { FileStore } from '../../platform/file-storage.ts';
import { withEventLoopGap } from '../../testing/event-loop-gap.ts';
import { pdfPages } from '../../testing/pdf-text.ts';
import { renderBankPdf } from './question-bank-pdf.ts';

describe('renderBankPdf', () => {
  it('lets the event loop answer while a large bank is drawn', async () => {
    const questions = Array.from({ length: 1_200 }, (_, i) => ({
      pertanyaan: `<p>Pertanyaan nomor ${i + 1} tentang basis data dan normalisasi tabel.</p>`,
      isi: {
        jenis: 'pilihan' as const,
        pilihan: ['satu', 'dua', 'tiga', 'empat'].map((teks) => ({ teks, gambar: null })),
        kunci: 1,
      },
      soalFiles: [],
    }));
    // No question has an image: the store is never read.
    const store = {} as FileStore;
    const bank = {
      judul: 'Besar',
      deskripsi: '',
      mataKuliah: 'Basis Data',
      dosen: 'Dosen',
      collegeId: 'demo',
    };
    // pdfkit and the fonts load once per process, on the first PDF.
    await renderBankPdf(store, { ...bank, questions: [] });
    const {
      result: bytes,
      longestGapMs,
      tookMs,
    } = await withEventLoopGap(() => renderBankPdf(store, { ...bank, questions }));
    expect((await pdfPages(bytes)).join('\n')).toContain('Soal 1200');
    // Drawn without a pause, the event loop waited for the whole bank; now for its fonts (~0.1 s) at most.
    expect(longestGapMs).toBeLessThan(tookMs / 4);
  });
});

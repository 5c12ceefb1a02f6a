import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ToastProvider } from './toasts.tsx';
import {
  QuestionImportModal,
  type QuestionImportPreview,
  type QuestionImportRequest,
  type QuestionImportResult,
} from './question-import-modal.tsx';

type ImportFn = (request: QuestionImportRequest) => Promise<QuestionImportResult>;
type PreviewFn = (request: QuestionImportRequest) => Promise<QuestionImportPreview>;

/** A preview of four questions and none skipped: what most tests confirm before their import. */
const fourQuestions: QuestionImportPreview = {
  berhasil: true,
  pesan: '4 soal akan diimpor.',
  soal: [1, 2, 3, 4].map((soal) => ({ soal, baris: soal * 5, jenis: 'pilihan', ringkasan: `Soal ${soal}` })),
  dilewati: [],
};

function renderModal(
  onImport: ReturnType<typeof vi.fn<ImportFn>>,
  onDownloadTemplate = vi.fn(async () => {}),
  onPreview = vi.fn<PreviewFn>(async () => fourQuestions),
) {
  const onClose = vi.fn();
  render(
    <ToastProvider>
      <QuestionImportModal
        open
        onPreview={onPreview}
        onImport={onImport}
        onDownloadTemplate={onDownloadTemplate}
        onClose={onClose}
      />
    </ToastProvider>,
  );
  return { onImport, onPreview, onDownloadTemplate, onClose };
}

async function choose(file: File) {
  const input = (await screen.findByRole('dialog')).querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
  await screen.findByText(file.name);
}

const xlsx = () => new File(['x'], 'soal.xlsx');
const importButton = () => screen.getByRole('button', { name: 'Impor' });
/** Impor, then the preview's confirmation. */
async function importAndConfirm() {
  fireEvent.click(importButton());
  fireEvent.click(await screen.findByRole('button', { name: /^Impor \d+ Soal$/ }));
}

describe('QuestionImportModal', { timeout: 20_000 }, () => {
  it('asks for a file and a question kind before sending an Excel file', async () => {
    const { onImport } = renderModal(vi.fn<ImportFn>());
    await screen.findByRole('dialog');
    fireEvent.click(importButton());
    expect(await screen.findByText('File belum dipilih')).toBeInTheDocument();
    await choose(xlsx());
    fireEvent.click(importButton());
    expect(await screen.findByText('Jenis soal belum dipilih')).toBeInTheDocument();
    expect(onImport).not.toHaveBeenCalled();
  });

  it('refuses a file whose extension does not fit the format', async () => {
    const { onImport } = renderModal(vi.fn<ImportFn>());
    fireEvent.click(await screen.findByText('GIFT'));
    await choose(new File(['x'], 'soal.xml'));
    fireEvent.click(importButton());
    expect(await screen.findByText('File GIFT harus berekstensi .gift atau .txt')).toBeInTheDocument();
    expect(onImport).not.toHaveBeenCalled();
  });

  it('downloads the template of each kind', async () => {
    const { onDownloadTemplate } = renderModal(vi.fn<ImportFn>());
    fireEvent.click(await screen.findByRole('button', { name: /Template Benar\/Salah/ }));
    await waitFor(() => expect(onDownloadTemplate).toHaveBeenCalledWith('benar_salah'));
    fireEvent.click(screen.getByRole('button', { name: /Template Esai/ }));
    await waitFor(() => expect(onDownloadTemplate).toHaveBeenCalledWith('esai'));
  });

  it('shows Impor Berhasil with the server message and the skipped questions', async () => {
    const { onImport, onClose } = renderModal(
      vi.fn<ImportFn>(async () => ({
        berhasil: true,
        pesan: 'Berhasil mengimpor 4 soal. 1 soal dilewati.',
        dilewati: [
          {
            soal: 5,
            baris: 24,
            jenis: 'shortanswer',
            nama: 'Lambang natrium',
            alasan: 'Jenis soal isian singkat (shortanswer) tidak didukung',
          },
        ],
      })),
    );
    fireEvent.click(await screen.findByText('Moodle XML'));
    const file = new File(['<quiz/>'], 'soal.xml');
    await choose(file);
    await importAndConfirm();
    expect(await screen.findByText('Impor Berhasil')).toBeInTheDocument();
    expect(onImport).toHaveBeenCalledWith({ format: 'moodle_xml', jenisSoal: null, file });
    expect(screen.getByText('Berhasil mengimpor 4 soal. 1 soal dilewati.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Soal ke-5 (baris 24) "Lambang natrium": Jenis soal isian singkat (shortanswer) tidak didukung',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Impor Ulang' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows Impor Gagal with each problem’s row and column; Impor Ulang goes back to the empty state', async () => {
    const { onPreview } = renderModal(
      vi.fn<ImportFn>(),
      undefined,
      vi.fn<PreviewFn>(async () => ({
        berhasil: false,
        pesan: 'Ditemukan 2 masalah pada file.',
        masalah: [
          { baris: 3, kolom: 'B (Pertanyaan)', pesan: 'Pertanyaan wajib diisi' },
          { baris: 5, kolom: 'H (Kunci Jawaban)', pesan: 'Kunci jawaban wajib dipilih' },
        ],
        dilewati: [],
      })),
    );
    fireEvent.click(await screen.findByText('Pilihan Ganda'));
    const file = xlsx();
    await choose(file);
    fireEvent.click(importButton());
    expect(await screen.findByText('Impor Gagal')).toBeInTheDocument();
    expect(onPreview).toHaveBeenCalledWith({ format: 'excel', jenisSoal: 'pilihan', file });
    const list = screen.getByRole('list', { name: 'Daftar masalah' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Baris 3, kolom B (Pertanyaan): Pertanyaan wajib diisi',
      'Baris 5, kolom H (Kunci Jawaban): Kunci jawaban wajib dipilih',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Impor Ulang' }));
    expect(await screen.findByText('Klik atau seret file ke area ini')).toBeInTheDocument();
    expect(screen.queryByText('Impor Gagal')).not.toBeInTheDocument();
    expect(screen.queryByTestId('impor-file')).not.toBeInTheDocument();
  });

  it('shows a request that failed outright as Impor Gagal, Unggah gagal with its message', async () => {
    renderModal(
      vi.fn<ImportFn>(),
      undefined,
      vi.fn<PreviewFn>(async () => {
        throw new Error('Anda Tidak Memiliki Akses');
      }),
    );
    fireEvent.click(await screen.findByText('Aiken'));
    await choose(new File(['x'], 'soal.txt'));
    fireEvent.click(importButton());
    expect(await screen.findByText('Impor Gagal')).toBeInTheDocument();
    expect(screen.getByText('Unggah gagal: Anda Tidak Memiliki Akses')).toBeInTheDocument();
  });

  it('refuses a file over 5 MB when chosen, with the uploader’s size message', async () => {
    renderModal(vi.fn<ImportFn>());
    fireEvent.click(await screen.findByText('Aiken'));
    const input = (await screen.findByRole('dialog')).querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(5_000_001)], 'besar.txt')] } });
    expect(await screen.findByText('Ukuran file tidak boleh lebih dari 5.00MB.')).toBeInTheDocument();
    expect(screen.queryByText('besar.txt')).not.toBeInTheDocument();
  });

  it('previews what will be imported and skipped with number, line and reason before importing', async () => {
    const onPreview = vi.fn<PreviewFn>(async () => ({
      berhasil: true,
      pesan: '2 soal akan diimpor, 1 soal dilewati.',
      soal: [
        { soal: 1, baris: 2, jenis: 'pilihan', ringkasan: 'Ibu kota Indonesia adalah ...' },
        { soal: 3, baris: 9, jenis: 'benar_salah', ringkasan: 'Besi adalah logam.' },
      ],
      dilewati: [
        {
          soal: 2,
          baris: 5,
          jenis: 'multiple choice',
          nama: 'Dua pilihan',
          alasan: 'Pilihan jawaban minimal 3',
        },
      ],
    }));
    const onImport = vi.fn<ImportFn>(async () => ({
      berhasil: true,
      pesan: 'Berhasil mengimpor 2 soal. 1 soal dilewati.',
      dilewati: [],
    }));
    renderModal(onImport, undefined, onPreview);
    fireEvent.click(await screen.findByText('GIFT'));
    const file = new File(['x'], 'soal.gift');
    await choose(file);
    fireEvent.click(importButton());
    expect(await screen.findByText('2 soal akan diimpor, 1 soal dilewati.')).toBeInTheDocument();
    expect(screen.getByText('Ibu kota Indonesia adalah ...')).toBeInTheDocument();
    expect(screen.getByText('Benar/Salah')).toBeInTheDocument();
    const skipped = screen.getByRole('list', { name: 'Soal yang dilewati (1)' });
    expect(within(skipped).getByRole('listitem').textContent).toBe(
      'Soal ke-2 (baris 5) "Dua pilihan": Pilihan jawaban minimal 3',
    );
    expect(onImport).not.toHaveBeenCalled();
    // Kembali keeps the chosen file; Impor reads it again.
    fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(await screen.findByTestId('impor-file')).toBeInTheDocument();
    fireEvent.click(importButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Impor 2 Soal' }));
    expect(await screen.findByText('Impor Berhasil')).toBeInTheDocument();
    expect(onImport).toHaveBeenCalledWith({ format: 'gift', jenisSoal: null, file });
  });

  it('offers no import when every question of the file would be skipped', async () => {
    renderModal(
      vi.fn<ImportFn>(),
      undefined,
      vi.fn<PreviewFn>(async () => ({
        berhasil: true,
        pesan: '0 soal akan diimpor, 1 soal dilewati.',
        soal: [],
        dilewati: [{ soal: 1, baris: 1, jenis: 'aiken', nama: 'S', alasan: 'Pilihan jawaban minimal 3' }],
      })),
    );
    fireEvent.click(await screen.findByText('Aiken'));
    await choose(new File(['x'], 'soal.txt'));
    fireEvent.click(importButton());
    expect(await screen.findByRole('button', { name: 'Impor 0 Soal' })).toBeDisabled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastProvider } from './toasts.tsx';
import type { Question } from '@lms/contract/exam.schema';
import { QuestionEditorModal, type QuestionMedia, type QuestionSave } from './question-editor-modal.tsx';

const essay: Question = {
  id: 'q1',
  nomor: 2,
  jenis: 'esay',
  pertanyaan: '<p>Jelaskan</p>',
  isi: { jenis: 'esay', jenis_file_diterima: [], kunci: '<p>k</p>' },
  soal_files: [{ name: 'lama.pdf', url: '/v2/files/lama', content_length: 10, extension: 'pdf' }],
  kunci_files: [],
};

function renderEditor(question: Question | undefined, media: QuestionMedia) {
  const onSave = vi.fn<(input: QuestionSave) => Promise<void>>(async () => undefined);
  render(
    <ToastProvider>
      <QuestionEditorModal open question={question} media={media} onSave={onSave} onClose={() => {}} />
    </ToastProvider>,
  );
  return onSave;
}

const media = (): QuestionMedia => ({
  uploadImage: vi.fn(async () => '/v2/files/gambar?college-id=demo'),
  deleteImage: vi.fn(async () => undefined),
  attachments: {
    soal: { extensions: ['pdf', 'mp3'], maxBytes: 100 },
    kunci: { extensions: ['pdf'], maxBytes: 100 },
  },
});

function fileInput(button: string | RegExp): HTMLInputElement {
  return screen.getByRole('button', { name: button }).closest('.ant-upload')!.querySelector('input')!;
}

describe('QuestionEditorModal media', { timeout: 60_000 }, () => {
  it('uploads an option image through the callback and shows it', async () => {
    const m = media();
    renderEditor(undefined, m);
    await screen.findByText('Tambah Soal Baru');
    fireEvent.change(fileInput('Gambar pilihan 1'), {
      target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(m.uploadImage).toHaveBeenCalledOnce());
    expect(await screen.findByRole('img', { name: 'Gambar pilihan 1' })).toHaveAttribute(
      'src',
      '/v2/files/gambar?college-id=demo',
    );
  });

  it('refuses a key attachment of another type, and saves picked files with the removed ones', async () => {
    const onSave = renderEditor(essay, media());
    await screen.findByText('Ubah Soal Nomor 2');
    fireEvent.change(fileInput(/Tambah Lampiran Kunci/), {
      target: { files: [new File(['x'], 'rekaman.mp3', { type: 'audio/mpeg' })] },
    });
    expect(await screen.findByText('Lampiran kunci harus berupa pdf.')).toBeInTheDocument();
    fireEvent.change(fileInput(/Tambah Lampiran Kunci/), {
      target: { files: [new File(['x'], 'kunci.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.change(fileInput(/Tambah Lampiran Soal/), {
      target: { files: [new File(['x'.repeat(200)], 'besar.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Ukuran file tidak boleh lebih dari 0.00MB.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Hapus lama.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    const saved = onSave.mock.calls[0]![0];
    expect(saved.files_kunci.map((f) => f.name)).toEqual(['kunci.pdf']);
    expect(saved.files).toEqual([]);
    expect(saved.soal_files_delete).toEqual(['/v2/files/lama']);
  });
});

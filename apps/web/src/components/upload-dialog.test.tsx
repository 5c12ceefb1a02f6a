import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastProvider } from './toasts.tsx';
import { fileTypeNotAllowedMessage } from '@lms/contract/format.rules';
import { ApiError } from '../lib/api-error.ts';
import { UploadDialog, maxFileSizeMessage, shortenFileName } from './upload-dialog.tsx';

type UploadFn = (file: File, progress: (p: number) => void) => Promise<unknown>;

function renderDialog(
  onUpload: ReturnType<typeof vi.fn<UploadFn>> = vi.fn<UploadFn>(async () => undefined),
  maxBytes = 1_000_000,
) {
  render(
    <ToastProvider>
      <UploadDialog
        open
        title="Unggah Foto"
        accept={['jpg', 'jpeg', 'png']}
        maxBytes={maxBytes}
        onUpload={onUpload}
        onCancel={() => {}}
      />
    </ToastProvider>,
  );
  return onUpload;
}

async function choose(file: File) {
  const input = (await screen.findByRole('dialog')).querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

const saveButton = () => screen.getByRole('button', { name: 'Simpan' });

describe('UploadDialog', { timeout: 20_000 }, () => {
  it('keeps Simpan disabled until a valid file is chosen, then uploads with progress', async () => {
    let finish!: () => void;
    const onUpload = renderDialog(
      vi.fn<UploadFn>((_file, progress) => {
        progress(40);
        return new Promise<void>((resolve) => (finish = resolve));
      }),
    );
    await screen.findByRole('dialog');
    expect(saveButton()).toBeDisabled();
    await choose(new File(['x'.repeat(10)], 'foto-profil-saya-yang-baru.png', { type: 'image/png' }));
    expect(await screen.findByText('foto-profil-saya-yan...')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    fireEvent.click(saveButton());
    await waitFor(() => expect(onUpload).toHaveBeenCalledOnce());
    expect(await screen.findByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Simpan/ })).toHaveClass('ant-btn-loading');
    expect(screen.getByRole('button', { name: 'Batal' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByText('40%')).not.toBeInTheDocument());
  });

  it('flags a file over the limit and does not upload it', async () => {
    const onUpload = renderDialog(undefined, 5);
    await choose(new File(['123456'], 'besar.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Ukuran file melebihi batas maksimal')).toBeInTheDocument();
    expect(screen.getByText('Ukuran file tidak boleh lebih dari 0.00MB.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    fireEvent.click(saveButton());
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('refuses another type with the spec’s toast', async () => {
    renderDialog();
    await choose(new File(['%PDF'], 'dokumen.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('File type .pdf is not allowed')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('shows the server’s refusal as Unggah gagal and clears the chosen file', async () => {
    renderDialog(
      vi.fn<UploadFn>(async () => {
        throw new ApiError('Isi File Tidak Sesuai Dengan Tipenya', 400, undefined, 'bad_request');
      }),
    );
    await choose(new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(await screen.findByText('foto.png')).toBeInTheDocument();
    fireEvent.click(saveButton());
    expect(await screen.findByText('Unggah gagal: Isi File Tidak Sesuai Dengan Tipenya')).toBeInTheDocument();
    expect(screen.queryByText('foto.png')).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('words messages and names as the spec says', () => {
    expect(fileTypeNotAllowedMessage('exe')).toBe('File type .exe is not allowed');
    expect(maxFileSizeMessage(2_000_000)).toBe('Maximum file size is 2 MB');
    expect(shortenFileName('pendek.png')).toBe('pendek.png');
    expect(shortenFileName('a'.repeat(21))).toBe(`${'a'.repeat(20)}...`);
  });
});

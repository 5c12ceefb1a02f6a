import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeeHoldImportPreview } from '@lms/contract/access-restriction.schema';
import { ToastProvider } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { FeeHoldImportModal } from './fee-hold-import-modal.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

// antd's modal and upload render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

/** Two listed students (one new, one already held), and three others on hold that ganti clears. */
const preview: FeeHoldImportPreview = {
  jumlah_baris: 3,
  tetap: 1,
  tambah: { ditandai: 1, dihapus: 0 },
  ganti: { ditandai: 1, dihapus: 3 },
  jumlah_tidak_dikenal: 1,
  tidak_dikenal: [{ nim: '9999999901', baris: 3 }],
};

beforeEach(() => {
  api.post.mockReset();
});

function renderModal() {
  const onImported = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <FeeHoldImportModal
          open
          downloadingTemplate={false}
          onDownloadTemplate={vi.fn()}
          onImported={onImported}
          onClose={vi.fn()}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onImported };
}

async function choose(file: File) {
  const dialog = await screen.findByRole('dialog', { name: 'Impor Tunggakan Biaya' });
  fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
}

const csv = () => new File(['NIM\n2025020007\n'], 'keuangan.csv', { type: 'text/csv' });

describe('FeeHoldImportModal', { timeout: 60_000 }, () => {
  it('refuses a file over 2 MB when it is chosen, before anything is sent', async () => {
    renderModal();
    await choose(new File([new Uint8Array(2_000_001)], 'besar.xlsx'));
    expect(await screen.findByText('besar.xlsx: Ukuran maksimal 2 MB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pratinjau' })).toBeDisabled();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows a refused file as Unggah gagal and clears it', async () => {
    api.post.mockRejectedValue(
      new ApiError('Kolom NIM tidak ditemukan di baris pertama. Gunakan template.', 400, undefined, 'x'),
    );
    renderModal();
    await choose(csv());
    expect(await screen.findByText('keuangan.csv')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pratinjau' }));
    expect(
      await screen.findByText('Unggah gagal: Kolom NIM tidak ditemukan di baris pertama. Gunakan template.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('keuangan.csv')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pratinjau' })).toBeDisabled();
  });

  it('previews ganti, asks how many holds it clears, then imports in that mode', async () => {
    api.post.mockImplementation(async (url: string) =>
      url.endsWith('/pratinjau')
        ? { data: { data: preview } }
        : { data: { data: { mode: 'ganti', ditandai: 1, dihapus: 3, jumlah_tidak_dikenal: 1 } } },
    );
    const { onImported } = renderModal();
    fireEvent.click(await screen.findByText('File adalah daftar lengkap (tunggakan lain dihapus)'));
    await choose(csv());
    fireEvent.click(await screen.findByRole('button', { name: 'Pratinjau' }));

    const summary = await screen.findByLabelText('Ringkasan pratinjau');
    expect(within(summary).getByText('Tunggakan dihapus').closest('tr')).toHaveTextContent('3');
    expect(screen.getByRole('list', { name: 'NIM tidak dikenal (1)' })).toHaveTextContent(
      'Baris 3: 9999999901 tidak dikenal',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Impor' }));
    // antd's ids are all 'test-id' under test, so the confirmation is found by its words, not its title.
    const question = await screen.findByText(/^Tunggakan 3 mahasiswa yang tidak berstatus Tunggakan di file/);
    const confirm = question.closest<HTMLElement>('[role="dialog"]')!;
    expect(confirm).toHaveTextContent('Ganti daftar tunggakan?');
    expect(api.post).toHaveBeenCalledTimes(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ya, Ganti Daftar' }));

    await waitFor(() => expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ dihapus: 3 })));
    const [url, form] = api.post.mock.calls[1] as [string, FormData];
    expect(url).toBe('/v2/lms/pembatasan/tunggakan/impor');
    expect(form.get('mode')).toBe('ganti');
    expect((form.get('file') as File).name).toBe('keuangan.csv');
  });
});

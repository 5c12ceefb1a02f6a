import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassDetail } from '@lms/contract/class.schema';
import { ToastProvider } from '../../../components/toasts.tsx';
import { ClassDataModal } from './class-data-modal.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

// antd's form renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const campus = { id: '0b6f3c1e-2d4a-4e8b-9c1d-5f6a7b8c9d0e', nama: 'Kampus Pusat' };
const detail = {
  id: '20261_01_IF2102',
  mode_kuliah: 'offline',
  kapasitas: 45,
  jumlah_peserta: 40,
  lingkup: 'Prodi',
  metode_pengajaran: 'Individu',
  kampus: campus,
  mata_kuliah: { kode: 'IF2102', nama: 'Basis Data' },
  kelas: { nama: 'A' },
} as unknown as ClassDetail;

beforeEach(() => {
  api.get.mockReset().mockResolvedValue({ data: { data: [campus] } });
  api.put.mockReset();
});

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ClassDataModal detail={detail} open onClose={() => {}} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return screen.findByRole('dialog', { name: 'Ubah Data Kelas' });
}

// Issue 45: a capacity of 10 with 40 enrolled was saved, and −5 was changed to 0 on blur and saved.
describe('Ubah Data Kelas refuses a capacity it cannot hold', { timeout: 60_000 }, () => {
  it.each([
    ['10', 'Kapasitas tidak boleh kurang dari jumlah peserta saat ini (40).'],
    ['-5', 'Nilai harus antara 0 dan 10000.'],
  ])('keeps %s as typed, shows its message and sends nothing', async (typed, shown) => {
    await renderModal();
    const input = screen.getByLabelText('Kapasitas');
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(input).toHaveValue(typed);
    await waitFor(() => expect(api.put).not.toHaveBeenCalled());
  });
});

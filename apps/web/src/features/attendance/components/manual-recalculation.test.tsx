import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recalculation } from '@lms/contract/attendance.schema';
import { ToastProvider } from '../../../components/toasts.tsx';
import { RecalculationProgress } from './manual-recalculation.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

configure({ asyncUtilTimeout: 10_000 });

const running: Recalculation = {
  id: 'r1',
  status: 'processing',
  id_kelas_kuliah: null,
  id_pertemuan: null,
  message: 'Berhasil mengirimkan permintaan update persentase kehadiran',
  jumlah_kelas: 3,
  kelas_selesai: 1,
};

beforeEach(() => api.get.mockReset());

describe('RecalculationProgress (issue 45)', () => {
  it("shows the job's progress, then says it ended and asks every attendance query again", async () => {
    api.get.mockResolvedValueOnce({ data: { data: running } }).mockResolvedValue({
      data: { data: { ...running, status: 'completed', kelas_selesai: 3, message: 'selesai' } },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const onEnded = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <RecalculationProgress id="r1" onEnded={onEnded} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('1 dari 3 kelas selesai')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(
      await screen.findByText('Update persentase kehadiran selesai: 3 kelas dihitung ulang.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['attendance'] });
    expect(api.get).toHaveBeenCalledWith('/v2/lms/kehadiran_mahasiswa/hitung_persentase/r1');
  });
});

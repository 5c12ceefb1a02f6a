import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toasts.tsx';
import { SiakadSyncForm } from './siakad-sync-form.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

configure({ asyncUtilTimeout: 10_000 });

function renderForm(canWrite: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SiakadSyncForm canWrite={canWrite} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.get.mockReset().mockResolvedValue({ data: { data: { aktif: false, jam: 2, zona_waktu: 'WIB' } } });
  api.put.mockReset();
});

describe('SiakadSyncForm (issue 41)', () => {
  it('lets a writer turn the daily sync on and save it', async () => {
    api.put.mockResolvedValue({ data: { data: { aktif: true, jam: 2, zona_waktu: 'WIB' } } });
    renderForm(true);
    const toggle = await screen.findByRole('switch', { name: 'Sinkron otomatis dari SIAKAD' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('02.00 WIB')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Simpan' });
    expect(save).toBeDisabled();
    fireEvent.click(toggle);
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/v2/lms/muat_semester/sinkron_otomatis', { aktif: true, jam: 2 }),
    );
    expect(await screen.findByText('Pengaturan sinkron otomatis disimpan.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Simpan' })).toBeDisabled());
  });

  it('shows a reader the setting without a way to change it', async () => {
    renderForm(false);
    const toggle = await screen.findByRole('switch', { name: 'Sinkron otomatis dari SIAKAD' });
    expect(toggle).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/v2/lms/muat_semester/sinkron_otomatis');
  });
});

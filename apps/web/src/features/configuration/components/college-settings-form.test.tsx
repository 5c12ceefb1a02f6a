import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { collegeSettingsSchema } from '@lms/contract/college-settings.schema';
import { ToastProvider } from '../../../components/toasts.tsx';
import { CollegeSettingsForm } from './college-settings-form.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

// antd's form renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  api.put.mockReset();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The form warns before leaving with unsaved changes, which needs a data router.
  const router = createMemoryRouter(
    [
      {
        path: '/konfigurasi',
        element: <CollegeSettingsForm settings={collegeSettingsSchema.parse({})} canWrite />,
      },
    ],
    { initialEntries: ['/konfigurasi'] },
  );
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

// Issue 45: antd's min/max changed 150 % to 100 % and 0 MB to 0.01 MB on blur, and that was saved.
describe('Konfigurasi refuses out-of-range numbers', { timeout: 60_000 }, () => {
  it('keeps 150 in Kehadiran minimal, shows the range message and saves nothing', async () => {
    renderForm();
    const input = screen.getByLabelText('Kehadiran minimal');
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Konfigurasi' }));
    expect(await screen.findByText('Nilai harus antara 0 dan 100.')).toBeInTheDocument();
    expect(input).toHaveValue('150');
    expect(api.put).not.toHaveBeenCalled();
  });

  it('keeps a 0 MB limit and says it must be above 0 MB', async () => {
    renderForm();
    const input = screen.getByLabelText('Materi');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Konfigurasi' }));
    expect(await screen.findByText('Batas ukuran harus lebih dari 0 MB.')).toBeInTheDocument();
    expect(Number((input as HTMLInputElement).value)).toBe(0);
    await waitFor(() => expect(api.put).not.toHaveBeenCalled());
  });
});

// Issue 45: leaving Konfigurasi lost unsaved changes; Batalkan Perubahan puts back what is saved.
describe('Konfigurasi knows its unsaved changes', { timeout: 60_000 }, () => {
  it('offers Batalkan Perubahan once a value differs, and restores the saved value', async () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Batalkan Perubahan' })).not.toBeInTheDocument();
    const input = screen.getByLabelText('Kehadiran minimal');
    const saved = (input as HTMLInputElement).value;
    fireEvent.change(input, { target: { value: '80' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Batalkan Perubahan' }));
    // Reset mounts the fields again: the input is looked up anew.
    await waitFor(() => expect(screen.getByLabelText('Kehadiran minimal')).toHaveValue(saved));
    expect(screen.queryByRole('button', { name: 'Batalkan Perubahan' })).not.toBeInTheDocument();
  });

  it('is clean once saved', async () => {
    api.put.mockImplementation(async (_url: string, body: unknown) => ({ data: { data: body } }));
    api.get.mockResolvedValue({ data: { data: {} } });
    renderForm();
    fireEvent.change(screen.getByLabelText('Kehadiran minimal'), { target: { value: '80' } });
    expect(await screen.findByRole('button', { name: 'Batalkan Perubahan' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Konfigurasi' }));
    expect(await screen.findByText('Konfigurasi berhasil disimpan.')).toBeInTheDocument();
    expect(api.put).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Batalkan Perubahan' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Kehadiran minimal')).toHaveValue('80');
  });

  it('is clean again when a value is typed back to what is saved', async () => {
    renderForm();
    const input = screen.getByLabelText('Kehadiran minimal');
    const saved = (input as HTMLInputElement).value;
    fireEvent.change(input, { target: { value: '80' } });
    expect(await screen.findByRole('button', { name: 'Batalkan Perubahan' })).toBeInTheDocument();
    fireEvent.change(input, { target: { value: saved } });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Batalkan Perubahan' })).not.toBeInTheDocument(),
    );
  });
});

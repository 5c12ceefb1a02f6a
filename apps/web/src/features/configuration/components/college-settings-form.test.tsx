import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <CollegeSettingsForm settings={collegeSettingsSchema.parse({})} canWrite />
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

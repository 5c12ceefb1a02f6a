import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailSettings } from '@lms/contract/email-settings.schema';
import { ToastProvider } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { EmailSettingsForm } from './email-settings-form.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

// antd's form renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const stored: EmailSettings = {
  host: null,
  port: 587,
  keamanan: 'starttls',
  username: null,
  pengirim_email: null,
  pengirim_nama: 'LMS Kampus',
  password_tersimpan: false,
  smtp_server_tersedia: true,
};

beforeEach(() => {
  api.get.mockReset();
  api.put.mockReset();
});

describe('Konfigurasi › Email', { timeout: 60_000 }, () => {
  it("clears the server's field error once a later save succeeds", async () => {
    api.get.mockResolvedValue({ data: { data: stored } });
    const refused = 'Host ini menunjuk ke jaringan privat dan tidak diizinkan.';
    api.put
      .mockRejectedValueOnce(
        new ApiError('Data tidak valid.', 400, undefined, 'validation_failed', {
          fields: [{ field: 'body.host', message: refused }],
        }),
      )
      .mockResolvedValueOnce({
        data: { data: { ...stored, host: '10.0.0.5', pengirim_nama: 'LMS Kampus Baru' } },
      });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <EmailSettingsForm canWrite />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const host = await screen.findByLabelText('Host SMTP');
    fireEvent.change(host, { target: { value: '10.0.0.5' } });
    fireEvent.change(screen.getByLabelText('Email Pengirim'), { target: { value: 'lms@kampus.ac.id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(refused)).toBeInTheDocument();

    // Saved again as it is (the installation now allows the address): the host's error must go too.
    fireEvent.change(screen.getByLabelText('Nama Pengirim'), { target: { value: 'LMS Kampus Baru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Pengaturan email berhasil disimpan.')).toBeInTheDocument();
    expect(api.put).toHaveBeenCalledTimes(2);
    // Not marked wrong any more (the message itself fades out with antd's motion).
    expect(host.closest('.ant-form-item')).not.toHaveClass('ant-form-item-has-error');
  });
});

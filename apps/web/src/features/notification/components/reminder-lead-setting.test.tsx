import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toasts.tsx';
import { ReminderLeadSetting } from './reminder-lead-setting.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

configure({ asyncUtilTimeout: 10_000 });

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ReminderLeadSetting />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.get.mockReset();
  api.put.mockReset();
});

describe('ReminderLeadSetting (issue 44)', () => {
  it('follows the college by default, naming its lead, and saves the student’s own choice', async () => {
    api.get.mockResolvedValue({ data: { data: { jam: null, jam_kampus: 24 } } });
    api.put.mockResolvedValue({ data: { data: { jam: 48, jam_kampus: 24 } } });
    const user = userEvent.setup();
    show();
    const lead = await screen.findByRole('combobox', {
      name: 'Ingatkan saya sebelum tenggat tugas dan ujian dimulai',
    });
    expect(screen.getByText('Ikuti kampus (1 hari sebelumnya)')).toBeInTheDocument();

    await user.click(lead);
    await user.click(await screen.findByTitle('2 hari sebelumnya'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/v2/lms/notifikasi/pengingat', { jam: 48 }));
    expect(await screen.findByText('Waktu pengingat disimpan.')).toBeInTheDocument();
  });

  it('goes back to the college’s lead with null', async () => {
    api.get.mockResolvedValue({ data: { data: { jam: 3, jam_kampus: 12 } } });
    api.put.mockResolvedValue({ data: { data: { jam: null, jam_kampus: 12 } } });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('combobox'));
    await user.click(await screen.findByTitle('Ikuti kampus (12 jam sebelumnya)'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/v2/lms/notifikasi/pengingat', { jam: null }));
  });
});

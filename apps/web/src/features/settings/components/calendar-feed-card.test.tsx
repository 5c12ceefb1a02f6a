import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeed } from '@lms/contract/calendar-feed.schema';
import { ToastProvider } from '../../../components/toasts.tsx';
import { currentUserQuery } from '../../../lib/queries/get-current-user.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

configure({ asyncUtilTimeout: 15_000 });

const url = 'https://lms.example/v2/kalender/abc.ics?college-id=demo';
const none: CalendarFeed = { aktif: false, dibuat_pada: null, tautan: null };
const active: CalendarFeed = { aktif: true, dibuat_pada: '2026-11-29T03:00:00Z', tautan: null };

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
});

function renderCard(status: CalendarFeed, role = 'mahasiswa', acting = false) {
  api.get.mockImplementation(async (path: string) =>
    path === '/v2/lms/kalender_langganan' ? { data: { data: status } } : { data: { data: {} } },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, { role } as never);
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <CalendarFeedCard acting={acting} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('Pengaturan › Kalender', { timeout: 60_000 }, () => {
  it('explains the subscription and makes the link on the first ask, with a copy button', async () => {
    api.post.mockResolvedValue({ data: { data: { ...active, tautan: url } } });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderCard(none);
    expect(await screen.findByText('Langganan kalender')).toBeTruthy();
    expect(screen.getByText('Tambah dari URL')).toBeTruthy();
    expect(screen.getByText('Tambah Langganan')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Buat tautan kalender' }));
    const field = await screen.findByLabelText('Tautan kalender');
    expect((field as HTMLInputElement).value).toBe(url);
    expect(api.post).toHaveBeenCalledWith('/v2/lms/kalender_langganan');
    fireEvent.click(screen.getByRole('button', { name: /Salin tautan/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(await screen.findByText('Tautan disalin.')).toBeTruthy();
  });

  it('resets only after a confirmation that the old link stops working', async () => {
    api.post.mockResolvedValue({ data: { data: { ...active, tautan: url } } });
    renderCard(active);
    expect(await screen.findByText(/Tautan kalender aktif sejak/)).toBeTruthy();
    expect(screen.queryByLabelText('Tautan kalender')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Atur ulang tautan/ }));
    expect(await screen.findByText(/Tautan lama langsung tidak berlaku/)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Atur Ulang' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/v2/lms/kalender_langganan/atur_ulang'));
    expect(((await screen.findByLabelText('Tautan kalender')) as HTMLInputElement).value).toBe(url);
  });

  it('offers nothing to make in a Login Akun Lain session, and nothing at all to an operator', async () => {
    const { unmount } = renderCard(active, 'mahasiswa', true);
    expect(await screen.findByText('Tautan kalender tidak dapat dibuat saat Login Akun Lain.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Atur ulang tautan/ })).toBeNull();
    unmount();
    api.get.mockClear();
    renderCard(active, 'operator');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Langganan kalender')).toBeNull();
    expect(api.get).not.toHaveBeenCalledWith('/v2/lms/kalender_langganan');
  });
});
